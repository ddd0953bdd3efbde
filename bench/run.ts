/**
 * `npm run bench`: each benchmark prints its figures and its ratio to a baseline measured in
 * the same run, on this machine (loopback only, bounded in time). PostgreSQL when
 * DATABASE_URL is set, PGlite otherwise; the Redis fan-out when REDIS_URL is set.
 * `npm run bench -- usertasks fanout` runs some.
 */
import { usertasksBenchmark } from './usertasks.ts';
import { resultsBenchmark } from './results.ts';
import { pdfBenchmark } from './pdf.ts';
import { paBenchmark } from './pa.ts';
import { paJobsBenchmark } from './pa-jobs.ts';
import { fanoutBenchmark } from './fanout.ts';
import { clientBenchmark } from './client.ts';
import { ttsBenchmark } from './tts.ts';
import { classLoadBenchmark } from './class-load.ts';
import { integrationsBenchmark } from './integrations.ts';

const webProcesses = () => Number(process.env.BENCH_WEB_PROCESSES ?? 2);

type Benchmark = () => Promise<{ name: string; lines: string[] }>;
const benchmarks: Record<string, Benchmark> = {
  usertasks: usertasksBenchmark,
  results: resultsBenchmark,
  fanout: fanoutBenchmark,
  tts: ttsBenchmark,
  pdf: pdfBenchmark,
  pa: paBenchmark,
  pajobs: paJobsBenchmark,
  client: clientBenchmark,
  integrations: integrationsBenchmark,
  classload: classLoadBenchmark,
  classpace: () => classLoadBenchmark({ paced: true }),
  classproxy: () => classLoadBenchmark({ paced: true, nginx: true }),
  // The same school and lesson on `npm start` with WEB_PROCESSES (default 2; BENCH_WEB_PROCESSES).
  classloadprocesses: () => classLoadBenchmark({ processes: webProcesses() }),
  classprocesses: () => classLoadBenchmark({ paced: true, processes: webProcesses() }),
};

const only = process.argv.slice(2);
const unknown = only.filter((n) => !(n in benchmarks));
if (unknown.length) {
  console.error(`No benchmark named ${unknown.join(', ')}; there are: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
const chosen = only.length ? only.map((n) => [n, benchmarks[n]!] as const) : Object.entries(benchmarks);
const results = [];
for (const [name, run] of chosen) {
  console.error(`running ${name}…`);
  results.push(await run());
}
console.log('\nWordBee benchmarks');
for (const r of results) {
  console.log(`\n## ${r.name}`);
  for (const line of r.lines) console.log(`  ${line}`);
}
process.exit(0);

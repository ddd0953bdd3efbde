/**
 * `npm run bench`: each benchmark prints its figures and its ratio to a baseline measured in
 * the same run, on this machine (loopback only, bounded in time). PostgreSQL when
 * DATABASE_URL is set, PGlite otherwise.
 */
import { viewerBenchmark } from './viewer.ts';
import { ttsBenchmark } from './tts.ts';
import { integrationsBenchmark } from './integrations.ts';

const only = process.argv[2];
const benchmarks = { viewer: viewerBenchmark, tts: ttsBenchmark, integrations: integrationsBenchmark };
const results = [];
for (const [name, run] of Object.entries(benchmarks)) if (!only || only === name) results.push(await run());
console.log('\nWordBee benchmarks');
for (const r of results) {
  console.log(`\n## ${r.name}`);
  for (const line of r.lines) console.log(`  ${line}`);
}

/**
 * A bounded load run on loopback with autocannon, in a child process (on the same event loop
 * as the server it would steal the server's time and inflate every latency).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `cpuMs`: CPU time this process (the server under test, when it runs in-process) spent per
 * request answered during the run, user and system. Unlike requests/s it hardly moves when
 * other processes share the machine.
 */
export type LoadFigures = { requestsPerSec: number; p50: number; p99: number; errors: number; non2xx: number; requests: number; cpuMs: number };

const child = fileURLToPath(new URL('./autocannon-child.mjs', import.meta.url));

export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}): Promise<LoadFigures> {
  const args = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 5,
  };
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [child, JSON.stringify(args)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`autocannon failed: ${stderr || error.message}`));
      const used = process.cpuUsage(cpu);
      const run = JSON.parse(stdout) as Omit<LoadFigures, 'cpuMs'>;
      resolve({ ...run, cpuMs: (used.user + used.system) / 1000 / Math.max(1, run.requests) });
    });
  });
}

export const figures = (f: LoadFigures) =>
  `${f.requestsPerSec} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, CPU ${f.cpuMs.toFixed(2)} ms/request${f.errors + f.non2xx ? `, errors ${f.errors + f.non2xx}` : ''}`;

type LoadOptions = Parameters<typeof load>[0];

/**
 * Runs each variant for `seconds` per round, round after round (a, b, c, a, b, c, …), and
 * combines the rounds: mean requests/s, median p50 and p99. Drifting load from other
 * processes on the machine then weighs on every variant alike.
 */
export async function interleaved<K extends string>(
  variants: Record<K, Omit<LoadOptions, 'seconds'>>,
  seconds: number,
  rounds = 3,
): Promise<Record<K, LoadFigures>> {
  const runs = {} as Record<K, LoadFigures[]>;
  for (let round = 0; round < rounds; round++) {
    for (const [name, options] of Object.entries(variants) as [K, LoadOptions][]) {
      (runs[name] ??= []).push(await load({ ...options, seconds }));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const out = {} as Record<K, LoadFigures>;
  for (const [name, list] of Object.entries(runs) as [K, LoadFigures[]][]) {
    out[name] = {
      requestsPerSec: Math.round(list.reduce((s, f) => s + f.requestsPerSec, 0) / list.length),
      requests: list.reduce((s, f) => s + f.requests, 0),
      cpuMs:
        list.reduce((s, f) => s + f.cpuMs * f.requests, 0) /
        Math.max(
          1,
          list.reduce((s, f) => s + f.requests, 0),
        ),
      p50: median(list.map((f) => f.p50)),
      p99: median(list.map((f) => f.p99)),
      errors: list.reduce((s, f) => s + f.errors, 0),
      non2xx: list.reduce((s, f) => s + f.non2xx, 0),
    };
  }
  return out;
}

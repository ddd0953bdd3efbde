/**
 * BENCH_PROFILE=1: samples the server process's CPU while a benchmark's measured part runs and
 * prints where the time went (idle, garbage collection, by package). For finding the next
 * bottleneck; the figures a benchmark prints are taken with profiling off.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

export async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_PROFILE !== '1') return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  // BENCH_PROFILE_OUT=DIR keeps each whole profile there, named by its label (Chrome's DevTools open them).
  if (process.env.BENCH_PROFILE_OUT)
    writeFileSync(path.join(process.env.BENCH_PROFILE_OUT, `${label.replace(/[^\w]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)!.callFrame;
    const url = frame.url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|db|bench)\//, '$1/');
    const pkg = url ? (url.startsWith('@') ? url.split('/').slice(0, 2).join('/') : url.split('/')[0]!) : frame.functionName;
    where.set(pkg, (where.get(pkg) ?? 0) + 1);
    const fn = `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber}`;
    functions.set(fn, (functions.get(fn) ?? 0) + 1);
  }
  // Inclusive: each sample counts once for every function on its stack (what a call costs with
  // everything it calls), for the project's own code.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const own = /\/(server|db)\//.exec(frame.url);
      if (own) seen.add(`${frame.functionName || '(anonymous)'} ${frame.url.slice(own.index + 1)}`);
    }
    for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + 1);
  }
  // Each package's samples by the nearest project function below them on the stack (who asked
  // drizzle, postgres.js or node's internals for that work).
  const callers = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const leaf = byId.get(id)!.callFrame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(leaf)?.[1] ?? (leaf.startsWith('node:') ? 'node' : null);
    if (!pkg) continue;
    for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const own = /\/(server|db)\//.exec(frame.url);
      if (!own) continue;
      const key = `${pkg} ← ${frame.functionName || '(anonymous)'} ${frame.url.slice(own.index + 1)}:${frame.lineNumber}`;
      callers.set(key, (callers.get(key) ?? 0) + 1);
      break;
    }
  }
  const total = profile.samples?.length ?? 1;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, c]) => `  ${((100 * c) / total).toFixed(1).padStart(5)}% ${k}`)
      .join('\n');
  console.error(
    `\nprofile of ${label}: by package\n${top(where, 12)}\nby function\n${top(functions, 20)}\nthe project's functions, with what they call\n${top(inclusive, 25)}\npackages' time by the project function that called them\n${top(callers, 25)}\n`,
  );
  return result;
}

/**
 * Clients in a process of their own, as devices are: a benchmark's server keeps its event loop
 * to itself (docs/performance.md, sessions 26 and 33). `runChild` starts a TypeScript entry
 * with tsx, writes the input as JSON to its stdin and reads its answer as JSON from its stdout;
 * `childMain` is the entry's side.
 */
import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export async function runChild<T>(entry: URL, input: unknown): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(entry)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(input));
  const [out, code] = await Promise.all([text(child.stdout), new Promise<number | null>((r) => child.once('exit', r))]);
  if (code !== 0) throw new Error(`the clients' process ${path.basename(fileURLToPath(entry))} exited with ${code}`);
  return JSON.parse(out) as T;
}

export async function childMain<I, O>(run: (input: I) => Promise<O>): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as I;
  process.stdout.write(JSON.stringify(await run(input)));
}

/** The real server as a child process (`node --import tsx server/main.ts`), for fault tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export type ServerProcess = { url: string; child: ChildProcess; log: () => string; exited: Promise<number | null> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function spawnServer(env: Record<string, string>, port: number, readyWithinMs = 120_000): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'fault-test-secret-fault-test-secret-0123',
      HOST: '127.0.0.1',
      PORT: String(port),
      PA_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      // Our own child must say it listens: another process could have taken the port meanwhile.
      if (output.includes(`WordBee is listening on port ${port}`) && (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200)
        break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, log: () => output, exited };
}

/**
 * Runs the quick start of docs/api.md as written against a started server: its shell blocks
 * with bash (curl and jq), its TypeScript files saved under their names, the blocks marked
 * "# runs until stopped" in the background. Only WORDBEE (the server's address) and
 * RECEIVER_PORT (a free port) are set beforehand.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { finishTask } from '../../helpers/results.ts';
import { until } from '../../helpers/live.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
const quickStart = doc.slice(doc.indexOf('## Quick start'), doc.indexOf('\n## ', doc.indexOf('## Quick start') + 5));
const blocks = [...quickStart.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
const tools = ['curl', 'jq'].filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
if (tools.length && process.env.CI) throw new Error(`The quick start needs ${tools.join(' and ')} in CI`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(tools.length > 0)('the quick start of docs/api.md', () => {
  let server: TestServer;
  let dir: string;
  let env: Record<string, string>;
  const background: { child: ChildProcess; output: string[] }[] = [];
  beforeAll(async () => {
    // The receiver runs on this machine: the operator's setting from the quick start.
    server = await startServer('pglite', { env: { WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' } });
    dir = mkdtempSync(path.join(tmpdir(), 'wordbee-quickstart-'));
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    // A plain folder, as an integrator's may be: no "type": "module" (live.mts is a module by its name).
    writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    env = { ...(process.env as Record<string, string>), WORDBEE: server.url, RECEIVER_PORT: String(await freePort()) };
  });
  afterAll(async () => {
    for (const { child } of background) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a shell block in the session so far; its variables carry over to the next blocks. */
  const run = async (code: string) => {
    const envFile = path.join(dir, '.env-after');
    // Asynchronously: the server answers from this same process.
    const child = spawn('bash', ['-c', `set -ea\n${code}\nenv -0 > ${envFile}`], { cwd: dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status, `${code}\n${stderr}`).toBe(0);
    env = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return stdout;
  };
  const start = (code: string) => {
    const output: string[] = [];
    const child = spawn('bash', ['-c', code], { cwd: dir, env, detached: true });
    child.stdout!.on('data', (d) => output.push(...String(d).split('\n').filter(Boolean)));
    child.stderr!.on('data', (d) => output.push(`stderr: ${d}`));
    background.push({ child, output });
    return output;
  };

  it('creates a token, queries with curl, subscribes with graphql-ws and verifies webhooks, as written', async () => {
    const kinds = blocks.map((b) => b.lang).join(' ');
    expect(kinds).toBe('sh sh json ts sh sh ts sh');
    const [createToken, query, , live, runLive, register, receiver, runReceiver] = blocks;

    expect((await run(createToken!.code)).trim()).toMatch(/^wbi_[A-Za-z0-9_-]{43}$/);
    expect(env.TOKEN).toMatch(/^wbi_/);

    const answer = JSON.parse(await run(query!.code));
    expect(answer.data.viewer.classes.edges.map((e: any) => e.node.name)).toEqual(['Demo Class']);
    expect(answer.extensions.cost).toMatchObject({ requested: 13, bucket: 'token', limit: 5000 });

    for (const file of [live!, receiver!]) writeFileSync(path.join(dir, /^\/\/ (\S+)/.exec(file.code)![1]!), file.code);
    expect(runLive!.code).toMatch(/^# runs until stopped/);
    const events = start(runLive!.code);

    await run(register!.code);
    expect(env.WEBHOOK_SECRET).toMatch(/^whsec_/);
    const deliveries = start(runReceiver!.code);
    await new Promise((r) => setTimeout(r, 1500)); // the receiver is listening

    await finishTask(server);
    await until(() => events.some((l) => l.includes('"eventKind":"FINISHED"')), 30_000).catch(() => {
      throw new Error(`live.ts printed: ${events.join('\n')}`);
    });
    expect(events.find((l) => l.includes('"eventKind":"FINISHED"'))).toMatch(/"student":"demostudent".*"score":87/);
    await until(() => deliveries.some((l) => l.startsWith('report.ready ')) && deliveries.some((l) => l.startsWith('task.finished ')), 30_000).catch(() => {
      throw new Error(`receiver.ts printed: ${deliveries.join('\n')}`);
    });
    const finished = JSON.parse(deliveries.find((l) => l.startsWith('task.finished '))!.slice('task.finished '.length));
    expect(finished).toMatchObject({ event: 'task.finished', class: { name: 'Demo Class' }, data: { student: 'demostudent', score: 87 } });
    // The receiver as written refuses a forged delivery.
    const forged = await fetch(`http://127.0.0.1:${env.RECEIVER_PORT}/wordbee`, {
      method: 'POST',
      headers: { 'wordbee-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 'wordbee-event': 'task.finished' },
      body: JSON.stringify({ ...finished, data: { ...finished.data, score: 100 } }),
    });
    expect(forged.status).toBe(400);
  }, 120_000); // it starts tsx twice and waits on deliveries; 30 s ran out on a loaded CI machine
});

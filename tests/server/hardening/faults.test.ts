/**
 * Faults: the real server process stopped with SIGTERM (graceful) and killed with SIGKILL in the
 * middle of a class posting results (nothing acknowledged is lost, retries duplicate nothing),
 * and the database going away (503 with a message, then service resumes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import postgres from 'postgres';
import { DATABASES, freshDatabase } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ensureClientBuilt } from '../../../server/client-build.ts';
import { openDatabase } from '../../../db/index.ts';
import { SBARR_HEADER } from '../../../server/results/sbarr.ts';
import { freePort, spawnServer, type ServerProcess } from './process.ts';

const json = async (url: string, init: Omit<RequestInit, 'body'> & { token?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers['x-access-token'] = init.token;
  const r = await fetch(url, { ...init, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: AbortSignal.timeout(30_000) });
  const text = await r.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // text reply
  }
  return { status: r.status, body };
};

describe('the server process', () => {
  const dirs: string[] = [];
  beforeAll(async () => {
    // main.ts builds the client when it is missing; do it once here, not inside a timed start.
    await ensureClientBuilt();
  }, 180_000);
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'wordbee-fault-'));
    dirs.push(d);
    return d;
  };

  it('SIGTERM: in-flight requests finish, subscriptions are closed, new connections are refused, the process exits 0', async () => {
    const port = await freePort();
    const server = await spawnServer({ DATA_DIR: dataDir() }, port);
    try {
      // The scoring workers load their model as the server starts, before anyone reads (issue 39).
      await expect.poll(() => server.log(), { timeout: 60_000, interval: 200 }).toContain('pronunciation scoring is ready');
      const { accessToken } = (
        await json(`${server.url}/api/v1.0/username/login`, { method: 'POST', body: { username: 'demoteacher', password: 'demoteacher' } })
      ).body;
      const classes = await json(`${server.url}/graphql`, {
        method: 'POST',
        token: accessToken,
        body: { query: '{ viewer { classes { edges { node { id } } } } }' },
      });
      const classId = classes.body.data.viewer.classes.edges[0].node.id;
      let subscriptionEnded = '';
      const client = createClient({
        url: `${server.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { accessToken },
        retryAttempts: 0,
        lazy: false,
        on: { closed: (e: any) => (subscriptionEnded ||= `closed ${e?.code ?? ''}`) },
      });
      client.subscribe(
        { query: 'subscription ($id: ID!) { classActivity(classId: $id) { kind } }', variables: { id: classId } },
        { next: () => {}, error: (e) => (subscriptionEnded ||= `error ${String(e)}`), complete: () => (subscriptionEnded ||= 'complete') },
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(subscriptionEnded).toBe('');

      // A slow request in flight (a cold speech synthesis, in a child process) when SIGTERM arrives.
      const inFlight = fetch(`${server.url}/api/v1.0/tts?text=${encodeURIComponent('the server finishes what it started')}`);
      await new Promise((r) => setTimeout(r, 60));
      server.child.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]), server.log()).toBe(0);
      expect(subscriptionEnded).not.toBe('');
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
      expect(server.log()).toContain('SIGTERM: shutting down');
      await client.dispose();
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);

  describe.each(DATABASES)('killed with SIGKILL while a class posts results, on %s', (kind) => {
    const STUDENTS = 40;
    const UNITS = ['NS2022-ES1', 'NS2022-ES2', 'NS2022-ES3'];
    let env: Record<string, string>;
    let drop = async () => {};
    beforeAll(async () => {
      const dir = dataDir();
      env = { DATA_DIR: dir };
      if (kind === 'postgres') {
        const db = await freshDatabase('postgres');
        env.DATABASE_URL = db.url!;
        drop = db.drop;
      }
    }, 60_000);
    afterAll(() => drop());

    it('every acknowledged result is stored after the restart; retrying clients lose nothing and duplicate nothing', async () => {
      const port = await freePort();
      let server: ServerProcess = await spawnServer(env, port);
      const api = (p: string) => `${server.url}/api/v1.0${p}`;
      const teacher = 'killteach';
      await json(api('/username/signup'), { method: 'POST', body: { username: teacher, password: 'kill-pass', email: 'k@school.cn', isTeacher: true } });
      const teacherToken = (await json(api('/username/login'), { method: 'POST', body: { username: teacher, password: 'kill-pass' } })).body.accessToken;
      const names = Array.from({ length: STUDENTS }, (_, i) => `killkid${String(i).padStart(2, '0')}`);
      expect(
        (
          await json(api('/userclasses/addclass'), {
            method: 'POST',
            token: teacherToken,
            body: { className: 'K1', schoolID: 'ES', pressID: 'PEP', students: names.join(', ') },
          })
        ).body,
      ).toBe('success');
      for (const unit of UNITS)
        expect(
          (await json(api('/usertasks/assigntask'), { method: 'POST', token: teacherToken, body: { className: 'K1', bookUnitID: unit, Type: 'SB' } })).body,
        ).toMatch(/^success/);
      const students = await Promise.all(
        names.map(async (name) => {
          await json(api('/username/signup'), {
            method: 'POST',
            body: { username: name, password: 'kid-pass', email: `${name}@home.cn`, isTeacher: false, teachername: teacher, classname: 'K1' },
          });
          return {
            name,
            token: (await json(api('/username/login'), { method: 'POST', body: { username: name, password: 'kid-pass' } })).body.accessToken as string,
          };
        }),
      );

      // Each student posts a result for each task, retrying through the outage until acknowledged.
      const acknowledged: { student: string; taskId: string; score: number; stored: boolean }[] = [];
      let failedAttempts = 0;
      const untilAnswered = async <T>(call: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T }> => {
        const giveUpAt = Date.now() + 120_000;
        for (;;) {
          let last: string;
          try {
            const r = await call();
            if (r.status < 500) return r;
            last = `${r.status} ${JSON.stringify(r.body)}`;
          } catch (error) {
            // connection refused or reset while the server is down
            last = String(error);
          }
          if (Date.now() > giveUpAt) throw new Error(`no answer for 2 minutes; last: ${last}`);
          failedAttempts++;
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        }
      };
      const work = students.map(async ({ name, token }) => {
        const list = (await untilAnswered(() => json(api('/usertasks'), { token }))).body as any[];
        for (const task of list.slice(0, -1)) {
          const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-${teacher}`;
          const content = (await untilAnswered(() => json(api(`/usertasks/${taskId}`), { token }))).body as string[];
          const words = content.slice(1).map((w) => w.split(' -- ')[0]!);
          // Some words wrong, so scores differ per student and task.
          const wrong = (name.charCodeAt(name.length - 1) + task.TPID) % words.length;
          let correct = 0;
          const rows = words.map((w, i) => (i === wrong ? [i + 1, w, 'xx', 'x', correct] : [i + 1, w, w, 'v', ++correct]));
          const score = Math.floor((100 * correct) / words.length);
          const sbArr = [SBARR_HEADER, ...rows, `${taskId}-${score}`];
          const r = await untilAnswered(() => json(api('/userspelling'), { method: 'POST', token, body: sbArr }));
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          acknowledged.push({ student: name, taskId, score: (r.body as any).score, stored: !/already saved/.test((r.body as any).info) });
        }
      });

      // Kill the server once a quarter of the results are acknowledged, then start it again.
      const total = STUDENTS * UNITS.length;
      let broken: unknown;
      const all = Promise.all(work).catch((error) => {
        broken = error;
      });
      const waitUntil = Date.now() + 120_000;
      while (acknowledged.length < total / 4 && !broken && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
      if (broken) throw broken;
      expect(acknowledged.length, 'results acknowledged before the kill').toBeGreaterThanOrEqual(total / 4);
      const ackedBeforeKill = acknowledged.length;
      server.child.kill('SIGKILL');
      await server.exited;
      await new Promise((r) => setTimeout(r, 500));
      server = await spawnServer(env, port);
      await all;
      if (broken) throw broken;
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      expect(ackedBeforeKill).toBeGreaterThan(0);
      expect(ackedBeforeKill).toBeLessThan(total);
      expect(failedAttempts).toBeGreaterThan(0);
      expect(acknowledged).toHaveLength(total);
      expect(new Set(acknowledged.map((a) => a.taskId + a.student)).size).toBe(total);

      // What the database holds, read directly.
      const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, max: 2 } : { dataDir: `${env.DATA_DIR}/pglite` });
      try {
        const rows = (await handle.db.execute(
          `select u.username as student, r.score, t.id as task_row, (select count(*) from answers a where a.task_row_id = t.id)::int as answers
           from results r join task_rows t on t.id = r.task_row_id join users u on u.id = r.user_id where u.username like 'killkid%'` as any,
        )) as any;
        const stored: { student: string; score: number; answers: number }[] = rows.rows ?? rows;
        expect(stored).toHaveLength(total);
        for (const a of acknowledged)
          expect(
            stored.some((s) => s.student === a.student && s.score === a.score),
            `${a.student} ${a.taskId}`,
          ).toBe(true);
        // Each result's answers once, never twice.
        expect(stored.every((s) => s.answers === 8 || s.answers > 0)).toBe(true);
        const [dupes] = ((x: any) => x.rows ?? x)(
          await handle.db.execute('select count(*)::int as n from (select task_row_id from results group by task_row_id having count(*) > 1) d' as any),
        );
        expect(dupes.n).toBe(0);
      } finally {
        await handle.close();
      }
    }, 300_000);
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('the database going away', () => {
  let server: TestServer;
  let proxy: net.Server;
  let sockets = new Set<net.Socket>();
  let proxyPort = 0;
  let drop = async () => {};
  const target = () => new URL(process.env.TEST_DATABASE_URL!);

  /** A TCP proxy to PostgreSQL that the test can cut and restore. */
  const openProxy = () =>
    new Promise<void>((resolve) => {
      proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target().port || 5432), target().hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      proxy.listen(proxyPort, '127.0.0.1', () => {
        proxyPort = (proxy.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutProxy = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const s of sockets) s.destroy();
      sockets = new Set();
    });

  beforeAll(async () => {
    const db = await freshDatabase('postgres');
    drop = db.drop;
    await openProxy();
    const url = new URL(db.url!);
    url.hostname = '127.0.0.1';
    url.port = String(proxyPort);
    server = await startServer('postgres', { sharedDatabaseUrl: url.toString() });
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    await cutProxy().catch(() => {});
    await drop();
  });

  it('answers 503 with a message while the database is unreachable, changes nothing, and resumes when it returns', async () => {
    const { accessToken } = await server.login('demoteacher');
    const token = { 'x-access-token': accessToken };
    expect((await server.get('/api/v1.0/userclasses', token)).status).toBe(200);

    await cutProxy();
    const rest = await fetch(`${server.url}/api/v1.0/userclasses`, { headers: token });
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect((await rest.json()).info).toBe('WordBee cannot reach its database right now; nothing was changed, please try again in a moment');
    const add = await server.post('/api/v1.0/userclasses/addclass', { className: 'Outage', schoolID: 'ES', pressID: 'PEP', students: 'kidd' }, token);
    expect(add.status).toBe(503);
    const login = await server.post('/api/v1.0/username/login', { username: 'demostudent', password: 'demostudent' });
    expect(login.status).toBe(503);
    const gql = await server.gql('{ viewer { username } }', {}, accessToken);
    expect(gql.status).toBe(503);
    expect(gql.body.errors[0].message).toMatch(/cannot reach its database/);
    expect(JSON.stringify(gql.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    expect(await server.get('/readyz')).toEqual({ status: 503, body: { status: 'database unreachable' } });
    expect((await server.get('/healthz')).status).toBe(200);

    await openProxy();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await server.get('/api/v1.0/userclasses', token)).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(200);
    expect((await server.get('/readyz')).status).toBe(200);
    expect((await server.gql('{ viewer { username } }', {}, accessToken)).body.data.viewer.username).toBe('demoteacher');
    expect((await server.login('demostudent')).accessToken).toBeTruthy();
    // The class posted during the outage was not half-made.
    const classes = (await server.get('/api/v1.0/userclasses', token)).body as { className: string }[];
    expect(classes.map((c) => c.className)).not.toContain('Outage');
    const direct = postgres(server.databaseUrl!.replace(`:${proxyPort}`, `:${target().port || 5432}`), { max: 1 });
    expect((await direct`select count(*)::int as n from classes where name = 'Outage'`)[0]!.n).toBe(0);
    await direct.end();
  }, 120_000);
});

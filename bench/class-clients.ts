/**
 * The students of the class-load benchmarks (bench/class-load.ts): each fetches the task list,
 * answers a task's words (GraphQL recordAnswer) and posts its result (/userspelling), while a
 * probe asks /healthz every 50 ms. Run in the server's process (`classload`) or in a process of
 * their own (`classpace`: bench/class-clients-child.ts), so that the server's event loop does
 * not also run 1,600 clients. Times are epoch milliseconds (`performance.timeOrigin +
 * performance.now()`), comparable across the two processes.
 */
import http from 'node:http';
import { SBARR_HEADER } from '../server/results/sbarr.ts';

export type Student = { token: string; name: string };

export type ClientsOptions = {
  base: string;
  students: Student[];
  /** As a lesson goes: start within 5 s, 1.5–3.5 s a word, one task each, a socket per device. */
  paced: boolean;
  /** Epoch ms after which an unpaced student starts no other task. */
  deadline: number;
};

/** A request slower than SLOW_MS, with where it waited (ms). `id` is its x-bench-id header. */
export type SlowRequest = { id: string; path: string; ms: number; socket: number; written: number; fresh: boolean; writtenAt: number; replyAt: number };

export type ClientsReport = {
  answerMs: number[];
  resultMs: number[];
  healthMs: number[];
  acknowledged: number;
  failures: number;
  slow: SlowRequest[];
  /** Epoch ms between the first student's start and the last one's end. */
  startedAt: number;
  endedAt: number;
};

export const SLOW_MS = 2_000;
const now = () => performance.timeOrigin + performance.now();

export async function runStudents({ base, students, paced, deadline }: ClientsOptions): Promise<ClientsReport> {
  // As fast as they can: 256 sockets shared by all the clients. Paced: a socket per student (device).
  const agent = new http.Agent({ keepAlive: true, maxSockets: paced ? Infinity : 256, maxFreeSockets: paced ? Infinity : 256 });
  const report: ClientsReport = { answerMs: [], resultMs: [], healthMs: [], acknowledged: 0, failures: 0, slow: [], startedAt: now(), endedAt: 0 };
  let sent = 0;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  function request(method: string, p: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: any; ms: number }> {
    const started = now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const phases = { socket: started, written: started, fresh: false };
    const id = `${process.pid}-${++sent}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}${p}`,
        {
          method,
          agent,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(token ? { 'x-access-token': token } : {}),
            'x-bench-id': id,
          },
        },
        (res) => {
          const replyAt = now();
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: any = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // text reply
            }
            const ms = now() - started;
            if (ms > SLOW_MS) {
              report.slow.push({
                id,
                path: p.split('?')[0]!,
                ms,
                socket: phases.socket - started,
                written: phases.written - phases.socket,
                fresh: phases.fresh,
                writtenAt: phases.written,
                replyAt,
              });
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms });
          });
        },
      );
      req.on('error', (error) => reject(new Error(`${method} ${p} after ${Math.round(now() - started)} ms: ${error.message}`)));
      // Where a slow request waited: for a socket, for its bytes to be written, or for the reply.
      req.on('socket', (socket) => {
        phases.socket = now();
        phases.fresh = socket.connecting;
      });
      req.on('finish', () => (phases.written = now()));
      req.end(payload);
    });
  }

  const recordAnswer = 'mutation ($input: AnswerInput!) { recordAnswer(input: $input) { __typename } }';
  const student = async ({ token, name }: Student) => {
    if (paced) await pause(Math.random() * 5_000);
    const list = (await request('GET', '/api/v1.0/usertasks', token)).body as any[];
    for (const task of list.slice(0, paced ? 1 : -1)) {
      if (Date.now() > deadline && !paced) return;
      const teacher = name.replace(/^bs/, 'bt').replace(/x\d+$/, '');
      const taskId = `${task.bookUnitID}-${task.TPID}-${task.Type}-${teacher}`;
      const content = (await request('GET', `/api/v1.0/usertasks/${taskId}`, token)).body as string[];
      const words = content.slice(1).map((w) => w.split(' -- ')[0]!);
      const rows = [];
      for (const [i, word] of words.entries()) {
        if (paced) await pause(1_500 + Math.random() * 2_000);
        const r = await request('POST', '/graphql', token, {
          query: recordAnswer,
          variables: { input: { taskId, position: i + 1, word, typed: word, status: 'v' } },
        });
        report.answerMs.push(r.ms);
        if (r.status !== 200 || r.body?.data?.recordAnswer?.__typename !== 'AnswerPayload') report.failures++;
        rows.push([i + 1, word, word, 'v', i + 1]);
      }
      const r = await request('POST', '/api/v1.0/userspelling', token, [SBARR_HEADER, ...rows, `${taskId}-100`]);
      report.resultMs.push(r.ms);
      if (r.status === 200) report.acknowledged++;
      else report.failures++;
    }
  };
  let running = true;
  const health = async () => {
    while (running) {
      report.healthMs.push((await request('GET', '/healthz', undefined)).ms);
      await pause(50);
    }
  };
  const probe = health();
  try {
    await Promise.all(students.map(student));
  } finally {
    running = false;
    await probe;
    report.endedAt = now();
    agent.destroy();
  }
  return report;
}

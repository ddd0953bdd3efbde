/**
 * Recording uploads are bounded in memory (issue 35): refused at the headers (too large, another
 * type, no room in the scoring queue or the uploads' budget) before the body is read, each
 * accepted recording held once, and all uploads in flight within PA_UPLOAD_BUDGET_MB. The flood
 * check runs the server in a child process and reads its resident memory from /proc.
 */
import { connect } from 'node:net';
import { request, Agent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { spawnApp, type AppProcess } from '../../helpers/app-process.ts';
import { browserRecording, speak } from '../../../scripts/pa/synth.ts';

const MB = 1024 * 1024;
const BOUNDARY = 'wordbee-upload-test';

/** A multipart body with one file in field `field`. */
function multipart(fileName: string, bytes: Uint8Array, field = 'upl'): Buffer<ArrayBuffer> {
  const head = Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="${fileName}"\r\ncontent-type: audio/wav\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Buffer.concat([head, bytes, tail]) as Buffer<ArrayBuffer>;
}

/**
 * A WAV file of `bytes` bytes holding 120 s of silence (32-bit float, 16 kHz mono), padded with a
 * JUNK chunk: the largest recording the server takes, which it decodes and scores (and refuses
 * as silent) in a scoring worker.
 */
function silentWav(bytes: number): Uint8Array {
  const samples = 120 * 16_000;
  const data = samples * 4;
  const junk = bytes - 12 - 24 - 8 - 8 - data;
  const out = new Uint8Array(bytes);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, bytes - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 3, true); // IEEE float
  v.setUint16(22, 1, true);
  v.setUint32(24, 16_000, true);
  v.setUint32(28, 16_000 * 4, true);
  v.setUint16(32, 4, true);
  v.setUint16(34, 32, true);
  ascii(36, 'JUNK');
  v.setUint32(40, junk, true);
  ascii(44 + junk, 'data');
  v.setUint32(48 + junk, data, true);
  return out;
}

/** An upload whose headers and first bytes are sent, and whose body then waits: it holds its place. */
function heldUpload(url: string, token: string, declared: number): { close(): void; reply: Promise<string> } {
  const { port } = new URL(url);
  let reply = '';
  const socket = connect(Number(port), '127.0.0.1', () =>
    socket.write(
      `POST /api/v1.0/upload HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${token}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${declared}\r\n\r\n--${BOUNDARY}\r\n`,
    ),
  );
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => resolve(reply));
    socket.on('error', () => resolve(reply));
  });
  return { close: () => socket.destroy(), reply: answered };
}

const uploadHead = (token: string, length: number, type = `multipart/form-data; boundary=${BOUNDARY}`, path = '/api/v1.0/upload') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${token}\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\n\r\n`;

describe('uploads refused at their headers', () => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer('pglite', {
      env: { PA_WORKERS: '1', PA_QUEUE: '1', PA_UPLOAD_BUDGET_MB: '1' },
      app: { mailWorker: false, webhookWorker: false },
    });
    token = (await server.login('demoteacher', 'demoteacher')).accessToken;
  });
  afterAll(() => server?.close());

  it('a body declared larger than a recording is a 413 before any of it is sent, on REST and GraphQL', async () => {
    for (const path of ['/api/v1.0/upload', '/graphql']) {
      const r = await rawRequest(server.url, uploadHead(token, 9 * MB, `multipart/form-data; boundary=${BOUNDARY}`, path));
      expect(r.head, path).toMatch(/^HTTP\/1\.1 413 /);
      expect(r.ms, path).toBeLessThan(2_000);
    }
    const r = await fetch(`${server.url}/api/v1.0/upload`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart('0.wav', new Uint8Array(8 * MB + 1)),
    });
    expect(r.status).toBe(413);
    expect(await r.text()).toMatch(/larger than 8 MB/);
  });

  it('a body of another type is a 415 before it is read', async () => {
    const r = await rawRequest(server.url, uploadHead(token, 4 * MB, 'application/octet-stream'));
    expect(r.head).toMatch(/^HTTP\/1\.1 415 /);
    const json = await fetch(`${server.url}/api/v1.0/upload`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toMatch(/multipart\/form-data with the field "upl"/);
  });

  it('with the budget held by an upload in flight, the next is a 503 with Retry-After at its headers; the budget comes back when the first ends', async () => {
    const first = heldUpload(server.url, token, 900 * 1024);
    await expect.poll(() => server.app.deps.uploads.inFlight, { timeout: 10_000 }).toBe(1); // its headers were read and its bytes reserved
    const second = await rawRequest(server.url, uploadHead(token, 900 * 1024));
    expect(second.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.head.toLowerCase()).toContain('retry-after: 5');
    expect(second.ms).toBeLessThan(2_000);
    const graphql = await rawRequest(server.url, uploadHead(token, 900 * 1024, `multipart/form-data; boundary=${BOUNDARY}`, '/graphql'));
    expect(graphql.head).toMatch(/^HTTP\/1\.1 503 /);
    first.close();
    await first.reply;
    await expect.poll(() => server.app.deps.uploads.inFlight, { timeout: 10_000 }).toBe(0);
    // Not audio, but read and answered as such: the budget is free again.
    const third = await fetch(`${server.url}/api/v1.0/upload`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart('0.wav', new Uint8Array(1000)),
    });
    expect(third.status).toBe(400);
    expect(await third.text()).toMatch(/not WAV, Ogg Opus or WebM Opus/);
  });

  it('with the scoring queue spoken for by uploads in flight, the next is a 503 at its headers', async () => {
    // One worker and one waiting place: two small uploads in flight take both.
    const held = [heldUpload(server.url, token, 1000), heldUpload(server.url, token, 1000)];
    await expect.poll(() => server.app.deps.uploads.inFlight, { timeout: 10_000 }).toBe(2);
    const next = await rawRequest(server.url, uploadHead(token, 1000));
    expect(next.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(next.head).toContain('retry-after');
    for (const h of held) h.close();
    await Promise.all(held.map((h) => h.reply));
  });
});

/** The child's resident memory (VmRSS), or its peak since the last reset (VmHWM), in bytes. */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
/** Resets the child's peak (VmHWM) to its memory now; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

describe('a flood of 8 MB uploads from one account', () => {
  const UPLOADS = 300;
  let app: AppProcess;
  let dataDir: string;
  let token = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'wordbee-flood-'));
    // PA_UPLOAD_BUDGET_MB is left to its default, as `npm start` runs.
    app = await spawnApp({ dataDir, env: { PA_WORKERS: '2' } });
    const login = await fetch(`${app.url}/api/v1.0/username/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demoteacher', password: 'demoteacher' }),
    });
    token = ((await login.json()) as { accessToken: string }).accessToken;
  }, 60_000);
  afterAll(async () => {
    app?.child.kill('SIGKILL');
    await app?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${UPLOADS} at once raise the server's memory by under 300 MB, and every one is answered with a score, a 4xx or a 503`, async () => {
    const pid = app.child.pid!;
    const body = multipart('0.wav', silentWav(8 * MB - 1024));
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const send = () =>
      new Promise<{ status: number; text: string; retryAfter?: string } | { error: string }>((resolve) => {
        const req = request(
          `${app.url}/api/v1.0/upload`,
          {
            method: 'POST',
            agent,
            headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode!, text, retryAfter: res.headers['retry-after'] }));
            res.on('error', (e) => resolve({ error: String(e) }));
          },
        );
        req.on('error', (e) => resolve({ error: String(e) }));
        req.end(body);
      });

    // Warm up: the scoring workers start and load their model; then the memory at rest.
    for (let i = 0; i < 3; i++) expect((await send()) as { status: number }).toMatchObject({ status: 400 });
    await new Promise((r) => setTimeout(r, 1500));
    const before = memoryOf(pid);
    // The kernel's own peak, and samples besides (in case it cannot be reset here).
    const kernelPeak = resetPeak(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid))), 20);
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: UPLOADS }, send));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, memoryOf(pid), kernelPeak ? memoryOf(pid, 'VmHWM') : 0);
    agent.destroy();

    const byStatus = new Map<string, number>();
    for (const r of replies) {
      const key = 'error' in r ? `error ${r.error}` : String(r.status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    const growthMb = (peak - before) / MB;
    console.log(
      `upload flood: ${UPLOADS} × 8 MB in ${seconds.toFixed(1)} s; RSS ${(before / MB).toFixed(0)} MB at rest, peak ${(peak / MB).toFixed(0)} MB${kernelPeak ? ' (VmHWM)' : ' (sampled)'} (+${growthMb.toFixed(0)} MB); replies ${JSON.stringify(Object.fromEntries(byStatus))}`,
    );

    // Every request answered: no reset, no 5xx but a 503 that says to try again.
    for (const r of replies) {
      expect(r).not.toHaveProperty('error');
      const { status, text, retryAfter } = r as { status: number; text: string; retryAfter?: string };
      expect(status === 200 || (status >= 400 && status < 500) || status === 503, `${status} ${text}`).toBe(true);
      if (status === 503) {
        expect(retryAfter).toMatch(/^\d+$/);
        expect(text).toMatch(/try again|send it again/);
      }
    }
    // Recordings were taken in and scored (silence is refused with its message), and the bound held.
    expect(byStatus.get('400') ?? 0).toBeGreaterThan(0);
    expect(replies.filter((r) => 'status' in r && r.status === 400).every((r) => /silent/.test((r as { text: string }).text))).toBe(true);
    expect(byStatus.get('503') ?? 0).toBeGreaterThan(0);
    expect(growthMb).toBeLessThan(300);

    // Afterwards the server scores a real recording as before: every reservation was given back.
    const practiceList = (await (await fetch(`${app.url}/api/v1.0/usertasks/0`, { headers: { 'x-access-token': token } })).json()) as string[];
    const words = String(practiceList[1])
      .split(',')
      .map((w) => w.trim());
    const real = await browserRecording(await speak(words, 'slt', 0.9), 'webm');
    const form = new FormData();
    form.append('upl', new File([real as Uint8Array<ArrayBuffer>], '0.webm', { type: 'audio/webm' }));
    const practice = await fetch(`${app.url}/api/v1.0/upload`, { method: 'POST', body: form, headers: { 'x-access-token': token } });
    expect(practice.status, await practice.clone().text()).toBe(200);
  }, 120_000);
});

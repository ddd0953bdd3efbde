/** HTTP as a misbehaving client writes it: raw bytes on a fresh connection, below any client library. */
import { connect } from 'node:net';

/**
 * Writes `bytes` on a new connection to the server at `url`; resolves once the reply's head has
 * come (or the connection ended, or `waitMs` passed) with the head, its status line ('no answer'
 * if none) and how long it took.
 */
export function rawRequest(url: string, bytes: string, waitMs = 10_000): Promise<{ head: string; status: string; ms: number }> {
  const { port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    let reply = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const head = reply.split('\r\n\r\n')[0] || 'no answer';
      resolve({ head, status: head.split('\r\n')[0]!, ms: performance.now() - started });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

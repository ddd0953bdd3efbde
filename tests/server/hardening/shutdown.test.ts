/**
 * Stopping the server: a connection opened before the stop whose request the server has not read
 * when the stop begins (its event loop busy with a burst of results, or the request a moment
 * late) is still answered, and then closed.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.ts';

/** Sends one raw request on an open socket; resolves with the status line, or the error that cut it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code}`));
    socket.on('close', () => resolve(reply.split('\r\n')[0] || 'closed without an answer'));
  });
}

describe('stopping the server', () => {
  it('answers requests that arrive on connections opened before the stop, once it has stopped listening', async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    const sockets = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(Number(port), '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    // Let the server accept every connection; none has sent a request yet.
    await new Promise((r) => setTimeout(r, 100));
    const answers = sockets.map(answerOf);
    const closing = server.close();
    // The requests arrive once the server has stopped listening.
    while (
      await new Promise<boolean>((resolve) => {
        const probe = connect(Number(port), '127.0.0.1', () => {
          probe.destroy();
          resolve(true);
        }).on('error', () => resolve(false));
      })
    ) {
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const s of sockets) s.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(await Promise.all(answers)).toEqual(Array(8).fill('HTTP/1.1 200 OK'));
    await closing;
  });
});

/** Reading a request's body settles however the request ends: no upload handler waits forever. */
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, readBody } from '../../../server/http/body.ts';

const request = (chunks: string[]) => Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { headers: {} }) as unknown as IncomingMessage;

describe('readBody', () => {
  it('reads the whole body', async () => {
    expect((await readBody(request(['{"a":', '1}']), 100)).toString()).toBe('{"a":1}');
  });

  it('refuses a body over the limit', async () => {
    await expect(readBody(request(['x'.repeat(60), 'y'.repeat(60)]), 100)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('ends with an error when the client went away before the body was read', async () => {
    const gone = request(['never read']);
    gone.destroy();
    await new Promise((r) => setImmediate(r)); // 'close' has been emitted: no event will come again
    await expect(readBody(gone, 100)).rejects.toThrow('Premature close');
  });

  it('ends with an error when the client goes away while the body is read', async () => {
    const stalled = Object.assign(new Readable({ read() {} }), { headers: {} }) as unknown as IncomingMessage;
    const reading = readBody(stalled, 100);
    stalled.push(Buffer.from('part'));
    stalled.destroy();
    await expect(reading).rejects.toThrow('Premature close');
  });
});

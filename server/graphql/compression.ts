/**
 * yoga's own replies compressed as the fast path's are (server/graphql/http.ts): GET queries,
 * calls from other origins, the errors yoga words, GraphiQL's page. Left as they are: event streams
 * and multipart replies (subscriptions over SSE, incremental delivery), which a compressor would
 * hold back until its buffer fills, and the replies to uploads (multipart requests).
 */
import type { ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { compressReply, MIN_COMPRESSED_BYTES, pickEncoding, varyOnEncoding } from '../http/compression.ts';

const COMPRESSIBLE = /^(application\/(graphql-response\+)?json|text\/html)\b/i;

/** `res`: the Node response the reply goes to, whose Vary header gains Accept-Encoding. */
export function useReplyCompression(): Plugin<Record<string, unknown>, { res?: ServerResponse }> {
  return {
    async onResponse({ request, response, serverContext, setResponse, fetchAPI }) {
      if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '') || response.headers.has('content-encoding') || !response.body) return;
      if (/^multipart\//i.test(request.headers.get('content-type') ?? '')) return;
      const res = serverContext.res;
      if (res) varyOnEncoding(res);
      else response.headers.append('vary', 'Accept-Encoding');
      const encoding = pickEncoding(request.headers.get('accept-encoding'));
      const declared = Number(response.headers.get('content-length') ?? Infinity);
      if (!encoding || declared < MIN_COMPRESSED_BYTES) return;
      const body = new Uint8Array(await response.arrayBuffer());
      const headers = new fetchAPI.Headers(response.headers);
      const init = { status: response.status, statusText: response.statusText, headers };
      if (body.length < MIN_COMPRESSED_BYTES) return setResponse(new fetchAPI.Response(body, init));
      const compressed = await compressReply(body, encoding).catch(() => null);
      if (!compressed) return setResponse(new fetchAPI.Response(body, init));
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(compressed.length));
      setResponse(new fetchAPI.Response(new Uint8Array(compressed), init));
    },
  };
}

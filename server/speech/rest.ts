import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AVATAR, TWEMOJI_DIR, isAvatarFile } from '../../db/content/avatars.ts';
import type { Deps } from '../deps.ts';
import { DomainError, NotFoundError, parseInput } from '../errors.ts';
import { httpStatusOf } from '../http/status.ts';
import { errorReply, send, type RestReply, type RestRouter } from '../http/rest.ts';
import { listeningMedia } from './listening-media.ts';
import { SpeechThrottledError, ttsInputSchema, type Speech } from './tts.ts';
import { accessTokenOf, clientAddressOf } from '../http/auth.ts';

export const MEDIA_PREFIX = '/media/listening/';
export const WORD_AUDIO_PREFIX = '/wordAudio/';
export const AVATAR_PREFIX = '/avatars/';
const DEFAULT_AVATAR_PATH = fileURLToPath(new URL('../../db/content/default-avatar.svg', import.meta.url));

/** Speech is the same for the same text forever: cache it for a year, revalidate by ETag. */
function speechReply(req: IncomingMessage, speech: Speech): RestReply {
  const headers = { 'cache-control': 'public, max-age=31536000, immutable', etag: speech.etag };
  if (req.headers['if-none-match'] === speech.etag) return { status: 304, bytes: new Uint8Array(), contentType: speech.contentType, headers };
  return { bytes: speech.bytes, contentType: speech.contentType, headers };
}

/** The window in which an address's new syntheses are counted (TTS_SYNTHESES_PER_ADDRESS). */
const SYNTHESIS_WINDOW_MS = 10 * 60 * 1000;

/**
 * New syntheses (speech in no cache) per address and window, for callers without a login: the
 * players' audio elements send no token, so a class behind one address shares the count, and
 * words already spoken are free.
 */
function synthesisThrottle(now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return (address: string, limit: number) => {
    const t = now();
    let w = windows.get(address);
    if (!w || t - w.start >= SYNTHESIS_WINDOW_MS) {
      if (windows.size > 100_000) windows.clear();
      w = { start: t, count: 0 };
      windows.set(address, w);
    }
    if (w.count >= limit) throw new SpeechThrottledError(Math.max(1, Math.ceil((w.start + SYNTHESIS_WINDOW_MS - t) / 1000)));
    w.count++;
  };
}

export function registerSpeechRoutes(router: RestRouter): void {
  const admit = synthesisThrottle();
  // GET /tts/?text={word}[&voice=slt|rms|awb|kal][&speed=one of TTS_SPEEDS][&format=wav|opus]: speech audio (spec section 7; WAV unless Ogg Opus is asked for).
  router.on('GET', '/tts', async (r) => {
    const input = parseInput(ttsInputSchema, Object.fromEntries(r.query));
    const signedIn = accessTokenOf(r.req.headers)
      ? await r.viewer().then(
          () => true,
          () => false,
        )
      : false;
    const address = clientAddressOf(r.req, r.deps.config.trustProxy) ?? 'unknown';
    return speechReply(r.req, await r.deps.tts.speak(input, signedIn ? undefined : () => admit(address, r.deps.config.ttsSynthesesPerAddress)));
  });
}

/** GET /wordAudio/beginMsg-{name}.mp3 (or .wav): the player's spoken welcome for a student. */
export function serveWordAudio(deps: Deps, req: IncomingMessage, res: ServerResponse, file: string): void {
  const match = /^beginMsg-([A-Za-z0-9_.]{1,30}?)\.(mp3|wav)$/.exec(fileName(file) ?? '');
  const reply = match
    ? deps.tts.speak({ text: `Hello ${match[1]}! Let's begin. Listen carefully, then type the word.`, voice: 'slt', speed: 1 }).then((s) => speechReply(req, s))
    : Promise.reject(new NotFoundError('No such audio file'));
  reply.then(
    (r) => send(res, r),
    (error) => send(res, errorReply(deps, req, error)),
  );
}

/** GET /media/listening/{file}: the Listening page's generated audio and article. */
export function serveListeningMedia(deps: Deps, req: IncomingMessage, res: ServerResponse, file: string): void {
  const name = fileName(file);
  if (name === null) return send(res, { status: 404, text: 'No such file' });
  listeningMedia(deps.config.dataDir, deps.tts, name).then(
    ({ bytes, type }) => send(res, { bytes, contentType: type, headers: { 'cache-control': 'public, max-age=86400', 'accept-ranges': 'none' } }),
    (error) => {
      if (error instanceof DomainError) return send(res, { status: httpStatusOf(error), text: error.message });
      deps.log.error({ err: error, url: (req.url ?? '').split('?')[0] }, 'listening media failed');
      send(res, { status: 500, text: 'The file could not be made; please try again' });
    },
  );
}

/** GET /avatars/{file}: word pictures (Twemoji) and the default bee for words without one. */
export function serveAvatar(deps: Deps, req: IncomingMessage, res: ServerResponse, file: string): void {
  const name = fileName(file);
  if (name === null || !isAvatarFile(name)) return send(res, { status: 404, text: 'No such picture' });
  const full = name === DEFAULT_AVATAR ? DEFAULT_AVATAR_PATH : path.join(TWEMOJI_DIR, name);
  readFile(full).then(
    (bytes) => send(res, { bytes, contentType: 'image/svg+xml', headers: { 'cache-control': 'public, max-age=604800' } }),
    () => send(res, { status: 404, text: 'No such picture' }),
  );
}

/** A file name from the request path, or null when its %-escapes are malformed (no such file). */
function fileName(file: string): string | null {
  try {
    return decodeURIComponent(file);
  } catch {
    return null;
  }
}

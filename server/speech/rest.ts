import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AVATAR, TWEMOJI_DIR, isAvatarFile } from '../../db/content/avatars.ts';
import type { Deps } from '../deps.ts';
import { DomainError, NotFoundError, parseInput } from '../errors.ts';
import { errorReply, send, type RestReply, type RestRouter } from '../http/rest.ts';
import { listeningMedia } from './listening-media.ts';
import { ttsInputSchema, type Speech } from './tts.ts';

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

export function registerSpeechRoutes(router: RestRouter): void {
  // GET /tts/?text={word}[&voice=slt|rms|awb|kal][&speed=0.5–2][&format=wav|opus]: speech audio (spec section 7; WAV unless Ogg Opus is asked for).
  router.on('GET', '/tts', async (r) => {
    const input = parseInput(ttsInputSchema, Object.fromEntries(r.query));
    return speechReply(r.req, await r.deps.tts.speak(input));
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
    ({ bytes, type }) =>
      send(res, { bytes, contentType: type, headers: { 'cache-control': 'public, max-age=86400', 'accept-ranges': 'none' } }),
    (error) => {
      if (error instanceof DomainError) return send(res, { status: error.httpStatus, text: error.message });
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

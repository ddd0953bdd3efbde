import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '../deps.ts';
import { DomainError } from '../errors.ts';
import { send } from '../http/rest.ts';
import { listeningMedia } from './listening-media.ts';

export const MEDIA_PREFIX = '/media/listening/';

/** GET /media/listening/{file}: the Listening page's generated audio and article. */
export function serveListeningMedia(deps: Deps, req: IncomingMessage, res: ServerResponse, file: string): void {
  listeningMedia(deps.config.dataDir, decodeURIComponent(file)).then(
    ({ bytes, type }) =>
      send(res, { bytes, contentType: type, headers: { 'cache-control': 'public, max-age=86400', 'accept-ranges': 'none' } }),
    (error) => {
      if (error instanceof DomainError) return send(res, { status: error.httpStatus, text: error.message });
      deps.log.error({ err: error, url: req.url }, 'listening media failed');
      send(res, { status: 500, text: 'The file could not be made; please try again' });
    },
  );
}

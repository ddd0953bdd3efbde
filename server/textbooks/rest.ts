/** Spec section 7: GET /textbooks/?cn={selectedClassname}. */
import type { RestRouter } from '../http/rest.ts';
import { textbookListText } from './service.ts';

export function registerTextbookRoutes(router: RestRouter): void {
  // Reply: "schoolID,pressID,bookID-firstUnit-lastUnit,…", or {info}.
  router.on('GET', '/textbooks', async (r) => ({ text: await textbookListText(r.deps.db, await r.viewer(), r.query.get('cn') ?? '') }));
}

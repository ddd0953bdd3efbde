/** Spec section 7: GET /textbooks/?cn={selectedClassname}. */
import type { RestRouter } from '../http/rest.ts';
import { bookEntry, shelfFor } from './service.ts';
import { MAX_IMPORT_BYTES, importBooks, parseBooksFile } from './import.ts';
import { requireTeacher } from '../access.ts';
import { ValidationError } from '../errors.ts';

export function registerTextbookRoutes(router: RestRouter): void {
  // Reply: "schoolID,pressID,bookID-firstUnit-lastUnit,…", or {info}.
  router.on('GET', '/textbooks', async (r) => {
    const className = r.query.get('cn') ?? '';
    if (!className.trim()) throw new ValidationError('Click Classes, then SelectClass menu to select a class to work with');
    const shelf = await shelfFor(r.deps, await r.viewer(), className);
    return { text: [shelf.klass.schoolId, shelf.klass.pressId, ...shelf.press.map(bookEntry)].join(',') };
  });
  registerImportRoute(router);
}

// POST /textbooks/import {fileName, content}: a teacher's own book from CSV or JSON (docs/content.md).
function registerImportRoute(router: RestRouter): void {
  router.on('POST', '/textbooks/import', async (r) => {
    const viewer = requireTeacher(await r.viewer());
    const body = (await r.body(MAX_IMPORT_BYTES * 2)) as { fileName?: unknown; content?: unknown };
    if (typeof body?.content !== 'string') throw new ValidationError('Send {fileName, content} with the file as text', 'content');
    const result = await importBooks(r.deps, parseBooksFile(String(body.fileName ?? ''), body.content), viewer.id);
    return { json: { info: `success: imported ${result.books} book(s), ${result.units} unit(s), ${result.words} word(s)`, ...result } };
  });
}

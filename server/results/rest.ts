/** Spec section 7: POST /userspelling, the result of a Spelling Bee or Flashcard Master task. */
import type { RestRouter } from '../http/rest.ts';
import { receiptText, submitSpellingResult } from './service.ts';
import { classResultsCsv, dashboardRecords, vocabulary } from './dashboard.ts';

export function registerResultRoutes(router: RestRouter): void {
  router.on('POST', '/userspelling', async (r) => {
    const receipt = await submitSpellingResult(r.deps, await r.viewer(), await r.body());
    return {
      json: {
        info: receiptText(receipt),
        score: receipt.score,
        correct: receipt.correct,
        total: receipt.total,
        next: receipt.next.assigned ? `${receipt.next.bookUnitID}-${receipt.next.tpid}-${receipt.next.type}` : null,
      },
    };
  });
  registerDashboardRoutes(router);
}

/** GET /userdash: the dashboard records; the last one also carries FC, ES, MS, HM, HSM as [passed, required]. */
export function registerDashboardRoutes(router: RestRouter): void {
  router.on('GET', '/userdash', async (r) => {
    const viewer = await r.viewer();
    const records = await dashboardRecords(r.deps.db, viewer);
    if (records.length === 0) return { json: [] };
    const summary = await vocabulary(r.deps.db, viewer);
    return {
      json: records.map(({ finishedAt: _f, ...record }, i) => (i === records.length - 1 ? { ...record, ...summary } : record)),
    };
  });

  // GET /userclasses/export?className=: the class's results as CSV (teachers, own classes).
  router.on('GET', '/userclasses/export', async (r) => {
    const className = r.query.get('className') ?? '';
    const csv = await classResultsCsv(r.deps.db, await r.viewer(), className);
    const file = `wordbee-${className.replace(/[^A-Za-z0-9_.]+/g, '_')}-results.csv`;
    return { bytes: Buffer.from(`\uFEFF${csv}`), contentType: 'text/csv; charset=utf-8', headers: { 'content-disposition': `attachment; filename="${file}"` } };
  });
}

/** Spec section 7: POST /userspelling, the result of a Spelling Bee or Flashcard Master task. */
import type { RestRouter } from '../http/rest.ts';
import { receiptText, submitSpellingResult } from './service.ts';
import { dashboardRecords, vocabulary } from './dashboard.ts';

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
}

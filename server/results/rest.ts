/** Spec section 7: POST /userspelling, the result of a Spelling Bee or Flashcard Master task. */
import type { RestRouter } from '../http/rest.ts';
import { receiptText, submitSpellingResult } from './service.ts';

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
}

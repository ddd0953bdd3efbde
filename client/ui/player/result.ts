/** Builds the sbArr the server stores (spec section 3) from a player's answers. */
import { finalScore, SBARR_HEADER } from '../../../server/results/sbarr';

export type Answer = { word: string; typed: string; status: string };

export function buildSbArr(label: string, answers: Answer[]): { sbArr: unknown[]; correct: number; score: number } {
  let correct = 0;
  const rows = answers.map((a, i) => {
    if (a.status === 'v') correct++;
    return [i + 1, a.word, a.typed, a.status, correct];
  });
  const score = finalScore(correct, answers.length);
  return { sbArr: [SBARR_HEADER, ...rows, `${label}-${score}`], correct, score };
}

/** The API's AnswerStatus (with a timeout's seconds) as the spec's status: 'v', 'x', 'canceled', 'skipped', 'timeout:75s'; null stays null. */
export function specStatus(answerStatus: string | null | undefined, timeoutSec?: number | null): string | null {
  if (answerStatus == null) return null;
  if (answerStatus === 'TIMEOUT') return `timeout:${timeoutSec ?? 0}s`;
  return answerStatus === 'CORRECT' ? 'v' : answerStatus === 'WRONG' ? 'x' : answerStatus.toLowerCase();
}

/** An answer's spec status ('v', 'x', 'timeout:75s' …) as the API's AnswerStatus, with a timeout's seconds. */
export function answerStatusOf(status: string): { answerStatus: 'CORRECT' | 'WRONG' | 'CANCELED' | 'SKIPPED' | 'TIMEOUT'; timeoutSec?: number } {
  const timeout = /^timeout:(\d+)s$/.exec(status);
  if (timeout) return { answerStatus: 'TIMEOUT', timeoutSec: Number(timeout[1]) };
  return { answerStatus: status === 'v' ? 'CORRECT' : status === 'x' ? 'WRONG' : status === 'skipped' ? 'SKIPPED' : 'CANCELED' };
}

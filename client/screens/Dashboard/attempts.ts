/** The live class view's reading of a student's answer events. */

/** What an answer event carries that the reading needs. */
export type Answer = { taskId: string; position?: number | null };

/**
 * A student's answers in their latest attempt at a task, all of them (a task has a few dozen words
 * at most): the chips of the task under way, and the words missed in a finished one, which stay
 * in view when the next task begins. A restart ((Re)Begin) starts again at word 1.
 */
export function lastAttempt<A extends Answer>(answers: readonly A[], taskId: string): A[] {
  const mine = answers.filter((a) => a.taskId === taskId);
  const attempt = mine.slice(Math.max(0, mine.map((a) => a.position).lastIndexOf(1)));
  // In word order, one chip per word (its latest answer): two answers given in quick succession
  // may arrive the other way round.
  const byPosition = new Map(attempt.map((a) => [a.position ?? 0, a]));
  return [...byPosition.values()].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/**
 * A student's mistakes (我的错题本, DESIGN: Decisions for the classroom). Nothing here is stored:
 * the list is derived from the stored answers of the student's finished tasks and their FSRS
 * memory (server/results/memory.ts).
 *
 * The rule: a word is a mistake once an answer of a finished task missed it (wrong, skipped, its
 * time ran out, or right only after the time ran out: slow), and stays one until it has been
 * right in two reviews after the last miss. Reviews after the miss are the task answers right
 * since, plus the reviews of the student's own practice: those live only in the memory model (a
 * practice batch is not a task), counted as the card's reviews (`reps`) beyond those the tasks
 * gave it. A practice answer that was wrong leaves the card learning again (FSRS state Learning
 * or Relearning), which keeps the word listed until a right review brings the card back.
 *
 * Practice of mistakes (`practiseMistakes`) reviews the cards like any answer, and writes no
 * task, result, report or answer row: the teacher's lists, the class results and the reports
 * do not see it.
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { State } from 'ts-fsrs';
import { answers, results, taskRows, wordMemory, words } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps, Viewer } from '../deps.ts';
import { ForbiddenError, ValidationError } from '../errors.ts';
import { ratingFor, reviewWords } from '../results/memory.ts';
import { isCorrect, MAX_TYPED } from '../results/sbarr.ts';
import type { WordCard } from '../textbooks/service.ts';

/** Right reviews after the last miss that take a word off the list. */
export const RIGHT_REVIEWS_TO_LEAVE = 2;
/** The most words one practice batch reviews. */
const MAX_PRACTICE_WORDS = 100;

export type Mistake = {
  card: WordCard;
  /** How many answers missed it. */
  timesMissed: number;
  /** The last wrong spelling typed (empty when it was skipped or nothing was typed). */
  lastWrongSpelling: string;
  lastMissedAt: Date;
  /** Right reviews since the last miss (fewer than RIGHT_REVIEWS_TO_LEAVE while listed). */
  rightSince: number;
};

export type LastTask = { label: string; finishedAt: Date; correct: number; total: number; missed: string[] };

/** An answer that counts as a miss: wrong, skipped, or its time ran out (even when right: slow). */
const isMiss = (status: string) => status === 'x' || status === 'skipped' || status.startsWith('timeout:');

function studentOnly(viewer: Viewer): void {
  if (viewer.isTeacher) throw new ForbiddenError('My mistakes are a student’s own: a teacher has none');
}

type AnswerOfTask = { word: string; typed: string; status: string; reviewedAt: Date; resultId: number; position: number };

async function answersOfFinishedTasks(db: Executor, userId: number): Promise<AnswerOfTask[]> {
  return db
    .select({
      word: answers.word,
      typed: answers.typed,
      status: answers.status,
      reviewedAt: results.createdAt,
      resultId: results.id,
      position: answers.position,
    })
    .from(results)
    .innerJoin(taskRows, eq(taskRows.id, results.taskRowId))
    .innerJoin(answers, eq(answers.taskRowId, taskRows.id))
    .where(eq(results.userId, userId))
    .orderBy(results.createdAt, results.id, answers.position);
}

/** The viewer's mistakes, the most recently missed first. */
export async function mistakesOf(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<Mistake[]> {
  // A teacher answers no tasks: nothing to list.
  if (viewer.isTeacher) return [];
  const rows = await answersOfFinishedTasks(deps.db, viewer.id);
  type Tally = { word: string; missed: number; lastWrong: string; lastMissAt: Date | null; rightSince: number; reviews: number };
  const byKey = new Map<string, Tally>();
  for (const r of rows) {
    const key = r.word.toLowerCase();
    const tally = byKey.get(key) ?? { word: r.word, missed: 0, lastWrong: '', lastMissAt: null, rightSince: 0, reviews: 0 };
    byKey.set(key, tally);
    if (ratingFor(r.status, r.typed, r.word) !== null) tally.reviews++;
    if (isMiss(r.status)) {
      tally.missed++;
      tally.lastMissAt = r.reviewedAt;
      tally.rightSince = 0;
      if (r.typed.trim() && !isCorrect(r.typed, r.word)) tally.lastWrong = r.typed.trim();
    } else if (r.status === 'v') tally.rightSince++;
  }
  const missedKeys = [...byKey].filter(([, t]) => t.lastMissAt).map(([k]) => k);
  if (missedKeys.length === 0) return [];
  const cards = await deps.db
    .select({ card: words, memory: wordMemory })
    .from(words)
    .leftJoin(wordMemory, and(eq(wordMemory.wordId, words.id), eq(wordMemory.userId, viewer.id)))
    .where(inArray(words.textKey, missedKeys));
  const list: Mistake[] = [];
  for (const { card, memory } of cards) {
    const tally = byKey.get(card.textKey)!;
    // The card's reviews the tasks did not give it: the student's own practice, all after a miss.
    const practised = memory && memory.lastReview && memory.lastReview > tally.lastMissAt! ? Math.max(0, memory.reps - tally.reviews) : 0;
    const learningAgain = memory ? memory.state === State.Learning || memory.state === State.Relearning : false;
    const rightSince = tally.rightSince + practised;
    if (rightSince >= RIGHT_REVIEWS_TO_LEAVE && !learningAgain) continue;
    list.push({ card, timesMissed: tally.missed, lastWrongSpelling: tally.lastWrong, lastMissedAt: tally.lastMissAt!, rightSince });
  }
  return list.sort((a, b) => b.lastMissedAt.getTime() - a.lastMissedAt.getTime() || a.card.text.localeCompare(b.card.text));
}

/** The viewer's last finished Spelling Bee or Flashcard Master task and the words it missed. */
export async function lastTaskOf(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<LastTask | null> {
  if (viewer.isTeacher) return null;
  const [last] = await deps.db
    .select({
      id: results.id,
      taskRowId: results.taskRowId,
      detail: results.detail,
      finishedAt: results.createdAt,
      correct: results.correct,
      total: results.total,
    })
    .from(results)
    .where(and(eq(results.userId, viewer.id), isNotNull(results.taskRowId)))
    .orderBy(desc(results.createdAt), desc(results.id))
    .limit(1);
  if (!last) return null;
  const detail = last.detail as unknown;
  // A Pronunciation result keeps an object, not the sbArr: it has no spelled words to miss.
  if (!Array.isArray(detail)) return null;
  const tail = detail[detail.length - 1];
  const label = typeof tail === 'string' ? tail.slice(0, tail.lastIndexOf('-')) : '';
  const rows = await deps.db
    .select({ word: answers.word, status: answers.status })
    .from(answers)
    .where(eq(answers.taskRowId, last.taskRowId))
    .orderBy(answers.position);
  return { label, finishedAt: last.finishedAt, correct: last.correct, total: last.total, missed: rows.filter((r) => isMiss(r.status)).map((r) => r.word) };
}

export type PracticeAnswer = { word: string; typed: string; status: string };

/**
 * A round of the student's own practice of their mistakes: each answer reviews the word's card
 * (right: Good; wrong or skipped: Again). Only words on the list can be practised this way.
 * Returns how many were right and the mistakes left.
 */
export async function practiseMistakes(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  batch: PracticeAnswer[],
  now = new Date(),
): Promise<{ correct: number; total: number; remaining: Mistake[] }> {
  studentOnly(viewer);
  if (batch.length === 0) throw new ValidationError('A practice round has at least one answer', 'answers');
  if (batch.length > MAX_PRACTICE_WORDS) throw new ValidationError(`A practice round holds at most ${MAX_PRACTICE_WORDS} words`, 'answers');
  const listed = new Map((await mistakesOf(deps, viewer)).map((m) => [m.card.text, m.card]));
  const reviews = batch.map((a, i) => {
    if (a.typed.length > MAX_TYPED) throw new ValidationError(`Answer ${i + 1} is longer than any word`, 'answers');
    if (!['v', 'x', 'skipped'].includes(a.status)) throw new ValidationError(`Answer ${i + 1} has an unknown status "${a.status.slice(0, 20)}"`, 'answers');
    const card = listed.get(a.word);
    if (!card) throw new ValidationError(`"${a.word.slice(0, 60)}" is not one of your mistakes`, 'answers');
    if ((a.status === 'v') !== isCorrect(a.typed, a.word) && a.status !== 'skipped')
      throw new ValidationError(`Answer ${i + 1} is marked ${a.status === 'v' ? 'right' : 'wrong'} but is not`, 'answers');
    return { wordId: card.id, rating: ratingFor(a.status, a.typed, a.word)! };
  });
  await deps.db.transaction(async (tx) => reviewWords(tx, viewer.id, reviews, now));
  return { correct: batch.filter((a) => a.status === 'v').length, total: batch.length, remaining: await mistakesOf(deps, viewer) };
}

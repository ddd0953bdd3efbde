/**
 * The memory model (DESIGN: FSRS with ts-fsrs): every Spelling Bee and Flashcard Master answer
 * reviews the student's card for that word, which decides when the word is due again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { wordMemory } from '../../db/schema.ts';
import type { Executor } from '../../db/index.ts';

const scheduler = fsrs({ enable_fuzz: false });
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * How an answer status grades the recall:
 * - v (right first time)                     → Good
 * - timeout, with the right spelling typed   → Hard (known, but slowly)
 * - x (wrong), skipped, timeout when wrong   → Again (not recalled)
 * - canceled                                 → no review (the word was not really asked)
 */
export function ratingFor(status: string, typed: string, word: string): Grade | null {
  if (status === 'v') return Rating.Good;
  if (status === 'canceled') return null;
  if (status.startsWith('timeout:')) return typed.trim() === word ? Rating.Hard : Rating.Again;
  return Rating.Again;
}

export type Review = { wordId: number; rating: Grade };

/** A card as stored (`word_memory`, without its owner). */
export type StoredCard = Omit<typeof wordMemory.$inferInsert, 'userId'>;

/**
 * The cards after one finished task's reviews, in answer order, from the cards stored before
 * (`existing`, of these words): what the result's statement writes. Pure.
 */
export function scheduleReviews(existing: StoredCard[], reviews: Review[], now: Date): StoredCard[] {
  const cards = new Map<number, Card>(
    existing.map((m) => [
      m.wordId,
      {
        due: new Date(m.due),
        stability: m.stability,
        difficulty: m.difficulty,
        elapsed_days: m.elapsedDays,
        scheduled_days: m.scheduledDays,
        learning_steps: m.learningSteps ?? 0,
        reps: m.reps,
        lapses: m.lapses,
        state: m.state,
        last_review: m.lastReview ? new Date(m.lastReview) : undefined,
      },
    ]),
  );
  const touched = new Set<number>();
  for (const { wordId, rating } of reviews) {
    const card: Card = cards.get(wordId) ?? createEmptyCard<Card>(now);
    cards.set(wordId, scheduler.next(card, now, rating).card);
    touched.add(wordId);
  }
  return [...touched].map((wordId) => {
    const c = cards.get(wordId)!;
    return {
      wordId,
      due: c.due,
      stability: c.stability,
      difficulty: c.difficulty,
      elapsedDays: c.elapsed_days,
      scheduledDays: c.scheduled_days,
      learningSteps: c.learning_steps,
      reps: c.reps,
      lapses: c.lapses,
      state: c.state,
      lastReview: c.last_review ?? now,
    };
  });
}

/** Applies the reviews of one finished task to the student's cards, in answer order. */
export async function reviewWords(tx: Executor, userId: number, reviews: Review[], now: Date): Promise<void> {
  if (reviews.length === 0) return;
  const ids = [...new Set(reviews.map((r) => r.wordId))];
  const existing = await tx
    .select()
    .from(wordMemory)
    .where(and(eq(wordMemory.userId, userId), inArray(wordMemory.wordId, ids)));
  const rows = scheduleReviews(existing, reviews, now).map((c) => ({ ...c, userId }));
  await tx
    .insert(wordMemory)
    .values(rows)
    .onConflictDoUpdate({
      target: [wordMemory.userId, wordMemory.wordId],
      set: {
        due: sqlExcluded('due'),
        stability: sqlExcluded('stability'),
        difficulty: sqlExcluded('difficulty'),
        elapsedDays: sqlExcluded('elapsed_days'),
        scheduledDays: sqlExcluded('scheduled_days'),
        learningSteps: sqlExcluded('learning_steps'),
        reps: sqlExcluded('reps'),
        lapses: sqlExcluded('lapses'),
        state: sqlExcluded('state'),
        lastReview: sqlExcluded('last_review'),
      },
    });
}

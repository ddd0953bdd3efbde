/**
 * The result array of Spelling Bee and Flashcard Master (spec section 3, sbArr): a header row,
 * one row per word [index, word, typed, status, running score], and last '{label}-{percentage}'.
 * Parsing checks its shape; `checkAgainstTask` checks it against the task's words and
 * recomputes the score, so a client cannot claim answers it did not give.
 */
import { z } from 'zod';
import { ValidationError } from '../errors.ts';

export const SPELLING_TIME_LIMIT_SEC = 60;
export const STATUS_PATTERN = /^(v|x|canceled|skipped|timeout:\d{1,5}s)$/;
export const SBARR_HEADER = ['word no', 'test word', 'input word', 'status', 'score'];
const MAX_WORDS = 200;
/** The longest answer kept: a typed word far longer than any word asked is a client's mistake, refused whole. */
export const MAX_TYPED = 200;

export type AnswerRow = { position: number; word: string; typed: string; status: string };
export type ParsedSbArr = { label: string; percentage: number; rows: AnswerRow[]; raw: unknown[] };

const rowSchema = z.tuple([
  z
    .union([z.number(), z.string()])
    .transform((v) => Number(v))
    .pipe(z.number().int().min(1).max(MAX_WORDS)),
  z.string().max(60),
  z.union([z.string().max(MAX_TYPED), z.null()]).transform((v) => v ?? ''),
  z.string().regex(STATUS_PATTERN),
  z.union([z.number(), z.string()]),
]);

export function parseSbArr(body: unknown): ParsedSbArr {
  const raw = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { sbArr?: unknown }).sbArr : undefined;
  if (!Array.isArray(raw)) throw new ValidationError('The result must be the sbArr array (or {"sbArr": [...]})', 'sbArr');
  if (raw.length < 3) throw new ValidationError('The result has no answers', 'sbArr');
  if (raw.length > MAX_WORDS + 2) throw new ValidationError(`A result holds at most ${MAX_WORDS} answers`, 'sbArr');
  const [header, ...rest] = raw;
  const last = rest.pop();
  // Its five column names: text only (an object kept there would come back from jsonb with its
  // keys reordered, and a retry of the same result would no longer match the stored one).
  if (!Array.isArray(header) || header.length !== 5 || !header.every((cell) => typeof cell === 'string' && cell.length <= 40)) {
    throw new ValidationError('The first row of the result must be its header: five column names', 'sbArr');
  }
  if (typeof last !== 'string') throw new ValidationError("The last item of the result must be '{task label}-{percentage}'", 'sbArr');
  const cut = last.lastIndexOf('-');
  const label = last.slice(0, cut);
  const percentText = last.slice(cut + 1);
  if (cut <= 0 || !/^\d{1,3}$/.test(percentText)) throw new ValidationError("The last item of the result must be '{task label}-{percentage}'", 'sbArr');
  const rows = rest.map((row, i) => {
    const parsed = rowSchema.safeParse(row);
    if (!parsed.success) {
      const status = Array.isArray(row) ? row[3] : undefined;
      if (Array.isArray(row) && row.length === 5 && typeof status === 'string' && !STATUS_PATTERN.test(status)) {
        throw new ValidationError(`Answer ${i + 1} has an unknown status "${status.slice(0, 20)}"`, 'sbArr');
      }
      throw new ValidationError(`Answer ${i + 1} must be [index, word, typed, status, score]`, 'sbArr');
    }
    const [position, word, typed, status] = parsed.data;
    if (position !== i + 1) throw new ValidationError(`Answer ${i + 1} is numbered ${position}`, 'sbArr');
    return { position, word, typed, status };
  });
  return { label, percentage: Number(percentText), rows, raw };
}

/** Whether a typed answer is right: compared after trimming, exactly and case-sensitively (spec section 5). */
export const isCorrect = (typed: string, word: string) => typed.trim() === word;

/** floor(100 × correct / words) (DESIGN: Spelling Bee final score). */
export const finalScore = (correct: number, words: number) => (words === 0 ? 0 : Math.floor((100 * correct) / words));

/**
 * Checks the answers are the task's words in order with statuses that match what was typed,
 * and that the posted percentage is the score those answers earn.
 */
export function checkAgainstTask(parsed: ParsedSbArr, taskWords: readonly string[]): { correct: number; score: number } {
  if (parsed.rows.length !== taskWords.length) {
    throw new ValidationError(`The task has ${taskWords.length} words but the result answers ${parsed.rows.length}`, 'sbArr');
  }
  let correct = 0;
  parsed.rows.forEach((row, i) => {
    if (row.word !== taskWords[i])
      throw new ValidationError(`Answer ${i + 1} is for "${row.word}", but the task's word ${i + 1} is "${taskWords[i]}"`, 'sbArr');
    if (row.status === 'v' && !isCorrect(row.typed, row.word))
      throw new ValidationError(`Answer ${i + 1} is marked right but "${row.typed}" is not "${row.word}"`, 'sbArr');
    if (row.status === 'x' && isCorrect(row.typed, row.word)) throw new ValidationError(`Answer ${i + 1} is marked wrong but is right`, 'sbArr');
    const timeout = /^timeout:(\d+)s$/.exec(row.status);
    if (timeout && Number(timeout[1]) < SPELLING_TIME_LIMIT_SEC) {
      throw new ValidationError(`Answer ${i + 1}: a timeout is ${SPELLING_TIME_LIMIT_SEC} seconds or more`, 'sbArr');
    }
    if (row.status === 'v') correct++;
  });
  const score = finalScore(correct, taskWords.length);
  if (parsed.percentage !== score) throw new ValidationError(`The result says ${parsed.percentage}% but its answers score ${score}%`, 'sbArr');
  return { correct, score };
}

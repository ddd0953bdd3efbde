/** Class inputs (spec section 5, Add class / Delete class), shared with the Classes screen. */
import { z } from 'zod';
import { MAX_INPUT, MIN_LENGTH, noControlCharacters } from '../users/schemas.ts';

export const SCHOOL_IDS = ['K-12', 'ES', 'MS', 'HS'] as const;
export const CLASS_TASK_TYPES = ['PA+SB', 'PA', 'SB'] as const;
export const DEFAULT_TB_TASK_TYPE = 'PA+SB';
export const DEFAULT_SPELLING_TIMEOUT_SEC = 15;
export const DEFAULT_TASK_DUE_DAYS = 7;
export const DEFAULT_FM_BATCH_SIZE = 10;
export const REQUIRED_MESSAGE = 'All four red color inputs are required';
/** A roster is at most this many names. */
export const MAX_STUDENTS = 100;

const required = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);

/** Blank optional fields fall back to the defaults; numbers may come as text (the REST form). */
const optionalInt = (label: string, fallback: number, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? fallback : Number(String(v).trim())))
    .pipe(
      z
        .number({ error: `${label} must be a whole number` })
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be between ${min} and ${max}`)
        .max(max, `${label} must be between ${min} and ${max}`),
    );

export const studentNamesSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .transform((v) => [...new Map(v.split(/[,，;\n]/).map((n) => n.trim()).filter(Boolean).map((n) => [n.toLowerCase(), n])).values()])
  .pipe(
    z
      .array(
        z
          .string()
          .max(MAX_INPUT, `Student names must be at most ${MAX_INPUT} characters`)
          // A roster name is the username the student signs up with: one that could never sign
          // up would keep its tasks open for ever.
          .refine((n) => [...n].length >= MIN_LENGTH, {
            error: (i) =>
              `Student name "${String(i.input)}" is too short: students sign up with this name, and a username has at least ${MIN_LENGTH} characters (e.g. ZhangWei or 张伟2025)`,
          })
          .refine((n) => !n.includes('-') && /^[\p{L}\p{N}_.]+$/u.test(n), {
            error: (i) => `Student name "${String(i.input)}" may use only letters, digits, "_" and "."`,
          }),
      )
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_STUDENTS, `A class lists at most ${MAX_STUDENTS} students`),
  );

export const addClassSchema = z.object({
  className: required.max(MAX_INPUT, `className must be at most ${MAX_INPUT} characters`).refine(...noControlCharacters('className')),
  schoolID: required.pipe(z.enum(SCHOOL_IDS, { error: `schoolID must be one of ${SCHOOL_IDS.join(', ')}` })),
  pressID: required.max(MAX_INPUT, `pressID must be at most ${MAX_INPUT} characters`).refine(...noControlCharacters('pressID')),
  students: studentNamesSchema,
  tbTaskType: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? v.trim() : '') || DEFAULT_TB_TASK_TYPE)
    .pipe(z.enum(CLASS_TASK_TYPES, { error: `tbTaskType must be one of ${CLASS_TASK_TYPES.join(', ')}` })),
  spellingTimeoutSec: optionalInt('spellingTimeoutSec', DEFAULT_SPELLING_TIMEOUT_SEC, 5, 59),
  taskDueDays: optionalInt('taskDueDays', DEFAULT_TASK_DUE_DAYS, 1, 365),
  /** Words per Flashcard Master batch drawn from the memory model (unit 'R'). */
  fmBatchSize: optionalInt('fmBatchSize', DEFAULT_FM_BATCH_SIZE, 3, 50),
});
export type AddClassInput = z.infer<typeof addClassSchema>;

export const INPUT_CLASSNAME_MESSAGE = 'input className';

/** Delete and select name a class (spec: 'input className' when it is missing). */
export const classNameSchema = z.object({
  className: z
    .string({ error: INPUT_CLASSNAME_MESSAGE })
    .trim()
    .min(1, INPUT_CLASSNAME_MESSAGE)
    .max(MAX_INPUT, `className must be at most ${MAX_INPUT} characters`)
    .refine(...noControlCharacters('className')),
});

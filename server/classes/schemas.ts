/** Class inputs (spec section 5, Add class / Delete class), shared with the Classes screen. */
import { z } from 'zod';
import { MAX_INPUT, noControlCharacters } from '../users/schemas.ts';

export const SCHOOL_IDS = ['K-12', 'ES', 'MS', 'HS'] as const;
export const CLASS_TASK_TYPES = ['PA+SB', 'PA', 'SB'] as const;
export const DEFAULT_TB_TASK_TYPE = 'PA+SB';
export const DEFAULT_SPELLING_TIMEOUT_SEC = 15;
export const DEFAULT_TASK_DUE_DAYS = 7;
export const DEFAULT_FM_BATCH_SIZE = 10;
const REQUIRED_MESSAGE = 'All four red color inputs are required';
/** A roster is at most this many names. */
const MAX_STUDENTS = 100;

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

/** A roster name as the school writes it: at most this many characters (letters of any script, spaces). */
const MAX_ROSTER_NAME = 30;
/** Between roster names: commas (ASCII or Chinese), '、', ';' or new lines. */
const ROSTER_SEPARATORS = /[,，、;；\r\n]+/;

/** One roster name, tidied: no spaces at the ends, one space between words. */
const tidyRosterName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** A roster name's problem, or null (spec: 1–30 characters; DESIGN: any script, spaces; at least one letter or digit, so '--' or a stray quote is not a pupil). */
function rosterNameProblem(name: string): string | null {
  if ([...name].length > MAX_ROSTER_NAME)
    return `名字“${name}”超过 ${MAX_ROSTER_NAME} 个字 · Student name "${name}" is longer than ${MAX_ROSTER_NAME} characters`;
  if (!/[\p{L}\p{N}]/u.test(name)) return `名字“${name}”里没有汉字、字母或数字 · Student name "${name}" has no letter or digit in it`;
  if (/[\p{Cc}\p{Cf}]/u.test(name))
    return `名字“${name.replace(/[\p{Cc}\p{Cf}]/gu, '?')}”含有不可见的控制字符 · Student name "${name.replace(/[\p{Cc}\p{Cf}]/gu, '?')}" contains an invisible control character`;
  return null;
}

/**
 * The roster as a teacher writes it ('张伟, 李娜、Zhang Wei' or one name a line): names as the
 * school writes them, 1–30 characters each. A name listed twice is refused (two pupils with one
 * name must be told apart, e.g. 张伟A and 张伟B, or one of them could never claim theirs).
 */
const studentNamesSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .transform((v, ctx) => {
    const names = v.split(ROSTER_SEPARATORS).map(tidyRosterName).filter(Boolean);
    const seen = new Set<string>();
    for (const name of names) {
      const problem = rosterNameProblem(name);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const key = name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `名字“${name}”写了两次：同名的学生请加以区分（如 张伟A、张伟B） · "${name}" is listed twice: tell pupils with the same name apart (e.g. 张伟A, 张伟B)`,
        });
        return z.NEVER;
      }
      seen.add(key);
    }
    return names;
  })
  .pipe(z.array(z.string()).min(1, REQUIRED_MESSAGE).max(MAX_STUDENTS, `A class lists at most ${MAX_STUDENTS} students`));

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
  /** A student whose name is not listed may join under their username (default: yes, the spec's automatic class management). */
  joinWithoutRoster: z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.null()])
    .optional()
    .transform((v) => v !== false && v !== 'false'),
});

const INPUT_CLASSNAME_MESSAGE = 'input className';

/** Delete and select name a class (spec: 'input className' when it is missing). */
export const classNameSchema = z.object({
  className: z
    .string({ error: INPUT_CLASSNAME_MESSAGE })
    .trim()
    .min(1, INPUT_CLASSNAME_MESSAGE)
    .max(MAX_INPUT, `className must be at most ${MAX_INPUT} characters`)
    .refine(...noControlCharacters('className')),
});

/** A teacher releases a roster name a student took by mistake. */
export const releaseRosterNameSchema = classNameSchema.extend({
  name: z.string({ error: 'name is required' }).transform(tidyRosterName).pipe(z.string().min(1, 'name is required')),
});

/** A class lets students join without a roster entry, or not. */
export const joinWithoutRosterSchema = classNameSchema.extend({ allowed: z.boolean({ error: 'allowed must be true or false' }) });

/** A teacher removes a student (a roster name, or the username that claimed one) from a class, with their data or not. */
export const removeStudentSchema = classNameSchema.extend({
  student: z
    .string({ error: 'student is required' })
    .transform(tidyRosterName)
    .pipe(z.string().min(1, 'student is required').max(MAX_INPUT, `student must be at most ${MAX_INPUT} characters`)),
  deleteData: z.boolean({ error: 'deleteData must be true or false' }),
});

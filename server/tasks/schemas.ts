/**
 * Task inputs (spec section 7: assign, remove, task ids) in the domain's names: `bookUnitId`,
 * `assignmentId` (the spec's TPID), `type`. The REST routes rename the spec's JSON fields
 * (bookUnitID, TPID, Type) to these; the messages keep the spec's words a REST client sends.
 */
import { z } from 'zod';
import { MAX_INPUT, noControlCharacters } from '../users/schemas.ts';

export const ASSIGNABLE_TYPES = ['PA+SB', 'PA', 'SB', 'FM'] as const;

const idPart = /^[A-Za-z0-9_.]+$/;
/** The teacher part of a task id is a username: any letters and digits (王老师 too), '_' and '.'. */
const teacherPart = /^[\p{L}\p{N}_.]+$/u;

/** '{bookID}-{unitID}': neither part contains '-'. */
const bookUnitIdSchema = z
  .string({ error: 'bookUnitID is required' })
  .trim()
  .max(60, 'bookUnitID is too long')
  .transform((v, ctx) => {
    const parts = v.split('-');
    if (parts.length !== 2 || !parts.every((p) => idPart.test(p))) {
      ctx.addIssue({ code: 'custom', message: `bookUnitID must look like NS2022-ES1, not "${v}"` });
      return z.NEVER;
    }
    return { bookId: parts[0]!, unitId: parts[1]! };
  });

const optionalDueDays = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : Number(String(v).trim())))
  .pipe(
    z
      .number({ error: 'taskDueDays must be a whole number' })
      .int('taskDueDays must be a whole number')
      .min(1, 'taskDueDays must be between 1 and 365')
      .max(365, 'taskDueDays must be between 1 and 365')
      .optional(),
  );

export const assignTaskSchema = z.object({
  className: z
    .string({ error: 'Click Classes, then SelectClass menu to select a class to work with' })
    .trim()
    .min(1, 'Click Classes, then SelectClass menu to select a class to work with')
    .max(MAX_INPUT)
    .refine(...noControlCharacters('className')),
  bookUnitId: bookUnitIdSchema,
  type: z
    .string({ error: 'Type is required' })
    .trim()
    .pipe(z.enum(ASSIGNABLE_TYPES, { error: `Type must be one of ${ASSIGNABLE_TYPES.join(', ')}` })),
  taskDueDays: optionalDueDays,
});

export const removeTaskSchema = z.object({
  student: z
    .string({ error: 'student is required' })
    .trim()
    .min(1, 'student is required')
    .max(MAX_INPUT)
    .refine(...noControlCharacters('student')),
  bookUnitId: bookUnitIdSchema,
  assignmentId: z
    .union([z.number(), z.string()], { error: 'TPID is required' })
    .transform((v) => Number(String(v).trim()))
    .pipe(z.number({ error: 'TPID must be a number' }).int('TPID must be a number').positive('TPID must be a number')),
  type: z.enum(['PA', 'SB', 'FM'], { error: 'Type must be PA, SB or FM' }),
});

/** The removed task to put back (Undo): as removeTask names it, with the due time it had. */
export const restoreTaskSchema = removeTaskSchema.extend({
  dueBy: z
    .union([z.date(), z.string()])
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? undefined : new Date(v)))
    .refine(
      (d) => d === undefined || (!Number.isNaN(d.getTime()) && Math.abs(d.getTime() - Date.now()) < 400 * 24 * 3600 * 1000),
      'dueBy must be a date within a year',
    ),
});

/** `{bookID}-{unitID}-{TPID}-{Type}-{teachername}` (DESIGN), or '0' for free practice. */
export const taskIdSchema = z
  .string()
  .trim()
  .max(120, 'The task id is too long')
  .transform((v, ctx) => {
    if (v === '0') return { practice: true as const };
    const parts = v.split('-');
    const [bookId, unitId, tpid, type, teacher] = parts;
    if (
      parts.length !== 5 ||
      ![bookId, unitId].every((p) => p && idPart.test(p)) ||
      !teacherPart.test(teacher ?? '') ||
      !/^\d{1,9}$/.test(tpid ?? '') ||
      !['PA', 'SB', 'FM'].includes(type ?? '')
    ) {
      ctx.addIssue({ code: 'custom', message: 'This task id is not valid; open the task from the task list' });
      return z.NEVER;
    }
    return { practice: false as const, bookId: bookId!, unitId: unitId!, assignmentId: Number(tpid), type: type as 'PA' | 'SB' | 'FM', teacher: teacher! };
  });

/**
 * A unit as people read it: the book's title (without its parenthetical notes, in either
 * language: 'PEP Primary English 3A · 人教版PEP三年级上册 (2012)') and the unit's
 * ('… · Unit 1 Hello!'); 'Unit {id}' before a title that does not say which unit it is.
 */
export function unitNameOf(bookTitle: string, unitId: string, unitTitle: string): string {
  const book = bookTitle.replace(/\s*[(（][^()（）]*[)）](?=\s*(·|$))/g, '').trim() || bookTitle;
  const title = unitTitle.trim();
  const unit = !title ? `Unit ${unitId}` : /^(unit|module|lesson|starter|第)/i.test(title) ? title : `Unit ${unitId} ${title}`;
  return `${book} · ${unit}`;
}

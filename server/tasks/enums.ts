/**
 * The kinds of task as GraphQL enums (issue 37: they were strings described as 'SB, FM or PA').
 * The string fields they replace stay, deprecated, until the day their deprecation names
 * (CHANGELOG.md); each type that had one has the enum beside it. The other code lists (school
 * level, answer status, book kind, vocabulary level) live with their domain's GraphQL types and
 * use the helpers here.
 */
import { builder } from '../graphql/builder.ts';
import { ValidationError } from '../errors.ts';

/** The day the string fields replaced by these enums may go (six months after 2026-11-26). */
export const STRING_KIND_REMOVAL = '2027-06-01';
export const deprecatedFor = (field: string) => `Use ${field}. May be removed after ${STRING_KIND_REMOVAL}.`;

export const TaskTypeEnum = builder.enumType('TaskType', {
  description: 'How a unit is practised.',
  values: {
    SB: { value: 'SB', description: 'Spelling Bee: hear the word, type it.' },
    FM: { value: 'FM', description: 'Flashcard Master: recall the word from its card.' },
    PA: { value: 'PA', description: 'Pronunciation Assessment: read the words aloud, scored per word and phone.' },
  } as const,
});

export const AssignableTaskTypeEnum = builder.enumType('AssignableTaskType', {
  description: 'What a teacher may assign: one kind, or Pronunciation Assessment and Spelling Bee together.',
  values: {
    PA_SB: { value: 'PA+SB', description: 'A PA task and an SB task of the unit (one assignment each).' },
    PA: { value: 'PA', description: 'Pronunciation Assessment.' },
    SB: { value: 'SB', description: 'Spelling Bee.' },
    FM: { value: 'FM', description: "Flashcard Master (the only kind for a memory-model unit 'R')." },
  } as const,
});

export const ClassEventKindEnum = builder.enumType('ClassEventKind', {
  description: 'What a class event is.',
  values: {
    ANSWER: { value: 'answer', description: 'An answer, as it was given.' },
    FINISHED: { value: 'finished', description: 'A finished task.' },
    BOOK_FINISHED: { value: 'bookFinished', description: 'The student finished the last unit of the book: no next task; assign a new book.' },
  } as const,
});

/**
 * The kind an input names: its enum field, or the deprecated string field; one of them is
 * needed, and both must agree.
 */
export function kindOf<T extends string>(fromEnum: T | null | undefined, fromString: string | null | undefined, enumField: string): string {
  if (fromEnum != null && fromString != null && fromEnum !== fromString)
    throw new ValidationError(`Give ${enumField} or type, not two different kinds`, enumField);
  const kind = fromEnum ?? fromString;
  if (kind == null) throw new ValidationError(`${enumField} is required`, enumField);
  return kind;
}

/**
 * The value an input gives in its new field or in the deprecated one it replaces (an enum beside
 * a string, a new spelling beside an old one): either, or none (undefined), but not two that differ.
 */
export function eitherOf<T>(
  fromNew: T | null | undefined,
  fromOld: T | null | undefined,
  newField: string,
  oldField: string,
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): T | undefined {
  if (fromNew != null && fromOld != null && !same(fromNew, fromOld))
    throw new ValidationError(`Give ${newField} or ${oldField}, not two different values`, newField);
  return fromNew ?? fromOld ?? undefined;
}

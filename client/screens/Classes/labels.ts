/** The spec's codes (schoolID, tbTaskType) as people read them, from the message catalogue. */
import type { MessageKey } from '../../i18n';

const SCHOOL_LEVELS: Record<string, MessageKey> = { 'K-12': 'classes.schoolK12', ES: 'classes.schoolES', MS: 'classes.schoolMS', HS: 'classes.schoolHS' };
const TASK_TYPES: Record<string, MessageKey> = { 'PA+SB': 'classes.typePASB', PA: 'classes.typePA', SB: 'classes.typeSB' };

/** The API's SchoolLevel and TextbookTaskType values in the spec's words: K12 is 'K-12', PA_SB is 'PA+SB', the rest are the same. */
const SPEC_WORDS: Record<string, string> = { K12: 'K-12', PA_SB: 'PA+SB' };
export const specWord = (value: string): string => SPEC_WORDS[value] ?? value;

export const schoolLevelKey = (schoolId: string): MessageKey => SCHOOL_LEVELS[schoolId] ?? 'classes.schoolId';
export const taskTypeKey = (type: string): MessageKey => TASK_TYPES[type] ?? 'classes.tbTaskType';

const PRESSES: Record<string, MessageKey> = {
  'ES-PEP': 'classes.pressESPEP',
  'ES-BNU': 'classes.pressESBNU',
  'MS-PEP': 'classes.pressMSPEP',
  'MS-BNU': 'classes.pressMSBNU',
  'HS-PEP': 'classes.pressHSPEP',
  'HS-BNU': 'classes.pressHSBNU',
  'K-12-NS': 'classes.pressK12NS',
};
/** A textbook series' name in the catalogue, or null for one the catalogue does not know (its server title is shown). */
export const pressKey = (schoolId: string, pressId: string): MessageKey | null => PRESSES[`${schoolId}-${pressId}`] ?? null;

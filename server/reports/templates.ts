/**
 * The e-mails WordBee sends, written as a school writes to a family or a teacher: the subject
 * and every paragraph in Chinese first, the English beneath; the student by their roster name
 * (with the username where the two differ); a class by its name as the teacher wrote it, never
 * with a word added to it ('三年级二班', not '三年级二班 班'; 'Class 3A', not 'class Class 3A').
 * Every template is checked by tests/server/reports/templates.test.ts.
 */
import { studentLabel } from '../classes/service.ts';

/** The kinds of task as people call them (the Help and the screens use the same names). */
export const TASK_NAMES = {
  SB: { zh: '拼写', en: 'Spelling Bee' },
  FM: { zh: '闪卡', en: 'Flashcard Master' },
  PA: { zh: '跟读', en: 'Pronunciation' },
} as const;
const taskName = (type: string) => TASK_NAMES[type as keyof typeof TASK_NAMES] ?? { zh: type, en: type };

export const SIGNATURE = ['WordBee 单词蜂', '（此邮件由系统自动发送，请勿直接回复。 This e-mail was sent automatically; please do not reply to it.）'];

export type ReportMail = {
  student: string;
  studentUsername?: string | null;
  className: string;
  bookUnitId: string;
  /** The book and unit as people read them ('人教版 三年级上 · Unit 1 Hello!'), when known. */
  unitName?: string;
  type: string;
  score: number;
  correct: number;
  total: number;
  fileName: string;
  keptUntil: string;
};

/** The e-mail of one finished task's report, to the student's family and the teacher. */
export function composeReportMail(m: ReportMail): { subject: string; text: string } {
  const who = studentLabel(m.student, m.studentUsername);
  const kind = taskName(m.type);
  const unit = m.unitName ? `${m.unitName}（${m.bookUnitId}）` : m.bookUnitId;
  const unitEn = m.unitName ? `${m.unitName} (${m.bookUnitId})` : m.bookUnitId;
  const counted =
    m.type === 'PA'
      ? { zh: `${m.total} 个词中读好了 ${m.correct} 个`, en: `${m.correct} of ${m.total} words said well` }
      : { zh: `${m.total} 题答对 ${m.correct} 题`, en: `${m.correct} of ${m.total} right` };
  return {
    subject: `单词蜂学习报告：${who}「${kind.zh}」${m.score} 分 / WordBee report: ${who}, ${kind.en}, score ${m.score}`,
    text: [
      `您好！`,
      `${who} 在「${m.className}」完成了${kind.zh}练习：${unit}，得分 ${m.score}（${counted.zh}）。`,
      `详细报告见附件 ${m.fileName}，在单词蜂中保留至 ${m.keptUntil}。`,
      '',
      'Hello,',
      `${who} finished a ${kind.en} task in ${m.className}: ${unitEn}, with a score of ${m.score} (${counted.en}).`,
      `The full report is attached (${m.fileName}) and kept in WordBee until ${m.keptUntil}.`,
      '',
      ...SIGNATURE,
    ].join('\n'),
  };
}

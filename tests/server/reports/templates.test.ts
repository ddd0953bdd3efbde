/** Every e-mail template reads as written by a school: Chinese first, English beneath, no doubled words, the roster name. */
import { describe, expect, it } from 'vitest';
import { composeReportMail } from '../../../server/reports/templates.ts';
import { composeDigest } from '../../../server/reports/digest.ts';

const report = (className: string, type: string) =>
  composeReportMail({
    student: '张伟',
    studentUsername: 'zhangwei01',
    className,
    bookUnitId: 'PEP3A-1',
    unitName: 'PEP 3A · Unit 1: Hello!',
    type,
    score: 85,
    correct: 6,
    total: 7,
    fileName: 'zhangwei01-PEP3A-1-4-SB-20261201-9.pdf',
    keptUntil: '2026-12-31',
  });
const digest = (className: string) =>
  composeDigest(
    'wangli',
    '2026-12-01',
    [
      { className, student: '张伟', studentUsername: 'zhangwei01', bookUnitId: 'PEP3A-1', type: 'SB', score: 85, finishedAt: new Date('2026-12-01T08:05:00Z') },
      { className, student: 'Zhang Wei', studentUsername: null, bookUnitId: 'PEP3A-1', type: 'PA', score: 40, finishedAt: new Date('2026-12-01T09:10:00Z') },
    ],
    'Asia/Shanghai',
  );

const MAILS = {
  'report, SB, 三年级二班': report('三年级二班', 'SB'),
  'report, FM, Class 3A': report('Class 3A', 'FM'),
  'report, PA, 三年级二班': report('三年级二班', 'PA'),
  'daily summary, 三年级二班': digest('三年级二班'),
  'daily summary, Class 3A': digest('Class 3A'),
};
const HAN = /\p{Script=Han}/u;

describe.each(Object.entries(MAILS))('the e-mail "%s"', (_name, mail) => {
  it('has its subject in Chinese first, then English', () => {
    const [zh, en] = mail.subject.split(' / ');
    expect(zh).toMatch(HAN);
    expect(en).toMatch(/^WordBee /);
    // The English half has no Chinese but the names.
    expect(en!.replace(/张伟|三年级二班/g, '')).not.toMatch(HAN);
  });

  it('has its text in Chinese first, each English line beneath Chinese', () => {
    const lines = mail.text.split('\n').map((l) => l.replace(/张伟|三年级二班/g, ''));
    const zh = lines.flatMap((l, i) => (HAN.test(l) ? [i] : []));
    const en = lines.flatMap((l, i) => (!HAN.test(l) && (l.match(/[A-Za-z]{2,}/g) ?? []).length >= 3 ? [i] : []));
    expect(zh[0]).toBeLessThan(en[0]!);
    // Every English line has Chinese somewhere above it in its paragraph or the one before.
    for (const i of en) expect(zh.some((j) => j < i && i - j <= 6)).toBe(true);
    expect(zh.length).toBeGreaterThanOrEqual(en.length);
  });

  it('never doubles a word (班 after a class name, "class Class 3A")', () => {
    const all = `${mail.subject}\n${mail.text}`;
    expect(all).not.toMatch(/班\s*班/);
    expect(all).not.toMatch(/\bclass Class\b/i);
    expect(all).not.toMatch(/\b(\w+) \1\b/i);
    expect(all).not.toMatch(/(\p{Script=Han}{2,})\s*\1/u);
  });

  it('names the student by the roster name, the username beside it where they differ', () => {
    expect(mail.text).toContain('张伟 (zhangwei01)');
    expect(mail.text).not.toMatch(/(?<!\()zhangwei01(?!\)|-)/);
  });
});

describe('the report e-mail', () => {
  it('says the class, the unit and the score in both languages', () => {
    const { subject, text } = report('三年级二班', 'SB');
    expect(subject).toBe('单词蜂学习报告：张伟 (zhangwei01)「拼写」85 分 / WordBee report: 张伟 (zhangwei01), Spelling Bee, score 85');
    expect(text).toContain('张伟 (zhangwei01) 在「三年级二班」完成了拼写练习：PEP 3A · Unit 1: Hello!（PEP3A-1），得分 85（7 题答对 6 题）。');
    expect(text).toContain(
      '张伟 (zhangwei01) finished a Spelling Bee task in 三年级二班: PEP 3A · Unit 1: Hello! (PEP3A-1), with a score of 85 (6 of 7 right).',
    );
  });
});

describe('the daily summary', () => {
  it('names the class once and the students by roster name', () => {
    const { text } = digest('三年级二班');
    expect(text).toContain('「三年级二班」：2 名学生完成 2 个任务，平均分 63');
    expect(text).toContain('三年级二班: 2 tasks by 2 students, average 63');
    expect(text).toMatch(/16:05 {2}张伟 \(zhangwei01\) {2}PEP3A-1 拼写 Spelling Bee {2}85/);
    expect(text).toContain('低于 60 分、需要多练习：Zhang Wei PEP3A-1 PA (40)');
  });
});

/**
 * The PDF report of a finished task (DESIGN, Reports): who, which task, when, the score, and
 * every word with the answer and its status, then the wrong spellings — readable for a parent,
 * so the labels are bilingual (Chinese first) and everything is set in Noto Sans SC, which
 * also prints Chinese class and student names (see cjk-font.ts).
 */
import { studentLabel } from '../classes/service.ts';
import PDFDocument from 'pdfkit';
import { DEFAULT_TIME_ZONE, localMinute } from '../time.ts';
import { deflateFontsOnce, fontName, fontsFor, runsOf, type Weight } from './cjk-font.ts';

export type ReportContent = {
  student: string;
  /** The account that claimed the roster name; shown beside it where the two differ. */
  studentUsername?: string | null;
  /** The book and unit as people read them ('人教版 三年级上 · Unit 1 Hello!'), when known. */
  unitName?: string;
  className: string;
  teacher: string;
  taskId: string;
  bookUnitId: string;
  type: 'SB' | 'FM' | 'PA';
  finishedAt: Date;
  score: number;
  correct: number;
  total: number;
  rows: { position: number; word: string; typed: string; status: string }[];
  /** The school's time zone (IANA), in which the finishing time is given (Beijing time by default). */
  timeZone?: string;
};

const TYPE_NAMES = { SB: '拼写 Spelling Bee', FM: '闪卡 Flashcard Master', PA: '发音 Pronunciation Assessment' } as const;
const STATUS_TEXT: Record<string, string> = {
  v: '正确 right',
  x: '错误 wrong',
  skipped: '跳过 skipped',
  canceled: '取消 canceled',
  // Pronunciation Assessment, per word: its band, as the Record screen colours it
  good: '很好 good',
  fair: '还可以 fair',
  weak: '需练习 practise',
  omitted: '未读出 not heard',
};
const statusText = (s: string) => STATUS_TEXT[s] ?? (s.startsWith('timeout:') ? `超时 too slow (${s.slice(8)})` : s);

const LABELS = {
  title: 'WordBee 单词蜂 · 任务报告 Task report',
  student: '学生 Student',
  className: '班级 Class',
  teacher: '老师 teacher',
  task: '任务 Task',
  finished: '完成时间 Finished',
  score: '得分 Score',
  // A PA task counts the words of its phrases ("good morning" is two), said well or not.
  right: (correct: number, total: number, type: ReportContent['type']) =>
    type === 'PA' ? `读得好 ${correct} / ${total} 个词 words said well` : `答对 ${correct} / ${total} right`,
  columns: ['序号 No.', '单词 Word', '作答 Answer', '结果 Result'],
  wrongList: '拼错的单词 Wrong spell words list (correct word, wrong spell;)',
  advice: '请把每个单词边读边拼写三遍。Practise these words again: type each one three times while saying it aloud.',
  footer: 'WordBee 单词蜂 · English practice for K12 classes',
};

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * The report as a PDF. Should the Chinese font fail to load, the report is still made (its
 * result is saved in the same transaction), in Helvetica with the English half of each label.
 */
export async function renderReportPdf(r: ReportContent, options: { standardFontsOnly?: boolean } = {}): Promise<Buffer> {
  const finished = localMinute(r.finishedAt, r.timeZone ?? DEFAULT_TIME_ZONE);
  const details: [string, string][] = [
    [LABELS.student, studentLabel(r.student, r.studentUsername)],
    [LABELS.className, `${r.className} (${LABELS.teacher} ${r.teacher})`],
    [LABELS.task, r.taskId],
    [LABELS.finished, finished],
  ];
  const wrong = r.rows.filter((row) => row.status === 'x');
  /** Atop every page after the first: whose report this is. */
  const runningHead = `${r.student} · ${TYPE_NAMES[r.type]} · ${r.bookUnitId}`;
  const texts = [
    runningHead,
    ...Object.values(LABELS)
      .flat()
      .filter((v): v is string => typeof v === 'string'),
    LABELS.right(r.correct, r.total, r.type),
    TYPE_NAMES[r.type],
    ...details.flat(),
    ...r.rows.flatMap((row) => [row.word, row.typed, statusText(row.status), String(row.position)]),
    wrong.map((w) => `${w.word}, ${w.typed || '—'};`).join('  '),
    `${r.score}`,
  ];
  const fonts = options.standardFontsOnly ? null : await fontsFor(texts).catch(() => null);

  return new Promise((resolve, reject) => {
    // Pages buffered, so each footer can say "page n of N" once all are laid out.
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      bufferPages: true,
      // With Noto Sans SC every run names its font: pdfkit's default Helvetica (its metrics parsed
      // anew for every document, 5% of a report's CPU) is not loaded.
      ...(fonts ? { font: null as unknown as string } : {}),
      info: { Title: `WordBee report: ${r.student} ${r.bookUnitId}`, Author: 'WordBee' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [name, font] of fonts ?? []) doc.registerFont(name, font as never);
    if (fonts) deflateFontsOnce(doc as never);
    /** Without the Chinese font: Helvetica, and only what it can print (Chinese label halves dropped). */
    const standard = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff—·]+\s*/g, '').trim() || (text.trim() ? '-' : ' ');
    const runsFor = (text: string, weight: Weight) =>
      fonts
        ? runsOf(text).map((run) => ({ font: fontName(run.slice, weight), text: run.text }))
        : [{ font: weight === 700 ? 'Helvetica-Bold' : 'Helvetica', text: standard(text) }];

    /** Writes text in the slices of Noto Sans SC it needs, one pdfkit run per slice. */
    const write = (text: string, weight: Weight, x?: number, y?: number, options: TextOptions = {}) => {
      const runs = runsFor(text || ' ', weight);
      runs.forEach((run, i) => {
        doc.font(run.font);
        const opts = { ...options, continued: i < runs.length - 1 };
        if (i === 0 && x !== undefined) doc.text(run.text, x, y, opts);
        else doc.text(run.text, opts);
      });
    };
    type Measured = { font: string; text: string; width: number }[];
    const measure = (text: string, weight: Weight): Measured =>
      runsFor(text, weight).map((run) => ({ ...run, width: doc.font(run.font).widthOfString(run.text) }));
    const widthOf = (runs: Measured) => runs.reduce((sum, run) => sum + run.width, 0);
    /** One line from `x`, run after run, without pdfkit's line wrapper. */
    const place = (runs: Measured, x: number, y: number) => {
      let at = x;
      for (const run of runs) {
        doc.font(run.font).text(run.text, at, y, { lineBreak: false });
        at += run.width;
      }
    };
    /** One line centred in a box: pdfkit centres each run on its own, so the runs are placed by hand. */
    /** Centred in the box, in a smaller size when it would not fit (its padding kept). */
    const writeCentred = (text: string, weight: Weight, x: number, y: number, boxWidth: number) => {
      const size = (doc as unknown as { _fontSize: number })._fontSize;
      let runs = measure(text, weight);
      const natural = widthOf(runs);
      if (natural > boxWidth - 12) {
        doc.fontSize((size * (boxWidth - 12)) / natural);
        runs = measure(text, weight);
      }
      place(runs, x + (boxWidth - widthOf(runs)) / 2, y);
      doc.fontSize(size);
    };
    // One line per word: a long answer is cut with an ellipsis rather than running into the next row.
    const cell = { height: 14, ellipsis: true, lineBreak: false } as const;
    /**
     * A table cell. What fits is placed as it is; only what does not goes through pdfkit's line
     * wrapper, for the ellipsis (a wrapper for every cell took a third of a report's CPU).
     */
    const writeCell = (text: string, weight: Weight, x: number, y: number, cellWidth: number) => {
      const runs = measure(text || ' ', weight);
      if (widthOf(runs) > cellWidth) write(text, weight, x, y, { width: cellWidth, ...cell });
      else place(runs, x, y);
    };
    const width = doc.page.width - 96;

    doc.rect(0, 0, doc.page.width, 84).fill('#FFC93C');
    doc.fillColor('#1F2937').fontSize(20);
    write(LABELS.title, 700, 48, 20);
    doc.fontSize(11);
    write(`${TYPE_NAMES[r.type]} · ${r.bookUnitId}`, 400, 48, 56);

    doc.fillColor('#1F2937').fontSize(11);
    let y = 102;
    for (const [label, value] of details) {
      write(label, 700, 48, y, { width: 110 });
      write(value, 400, 162, y, { width: width - 114 - 132 });
      y = Math.max(y + 20, doc.y + 4);
    }
    const box = { x: doc.page.width - 48 - 120, y: 100, w: 120, h: 84 };
    doc.roundedRect(box.x, box.y, box.w, box.h, 10).fill(r.score >= 80 ? '#DCFCE7' : r.score >= 60 ? '#FEF3C7' : '#FEE2E2');
    doc.fillColor('#1F2937').fontSize(9);
    writeCentred(LABELS.score, 400, box.x, box.y + 6, box.w);
    doc.fontSize(28);
    writeCentred(`${r.score}`, 700, box.x, box.y + 18, box.w);
    doc.fontSize(9);
    writeCentred(LABELS.right(r.correct, r.total, r.type), 400, box.x, box.y + 62, box.w);

    y = Math.max(y, box.y + box.h) + 16;
    const cols = [48, 104, 256, 408];
    const header = (at: number) => {
      doc.rect(48, at - 4, width, 22).fill('#FFF4D6');
      doc.fillColor('#1F2937').fontSize(10);
      LABELS.columns.forEach((h, i) => write(h, 700, cols[i]! + 4, at, { width: 148, lineBreak: false }));
    };
    header(y);
    y += 24;
    doc.fontSize(10);
    const newPage = () => {
      doc.addPage();
      doc.fillColor('#6B7280').fontSize(9);
      write(runningHead, 400, 48, 30, { width, lineBreak: false });
      return 60;
    };
    for (const row of r.rows) {
      if (y > doc.page.height - 80) {
        y = newPage();
        header(y);
        y += 24;
        doc.fontSize(10);
      }
      const color =
        row.status === 'v' || row.status === 'good'
          ? '#15803D'
          : row.status === 'x' || row.status === 'omitted' || row.status === 'weak'
            ? '#DC2626'
            : row.status === 'fair'
              ? '#B45309'
              : '#6B7280';
      doc.fillColor('#1F2937');
      writeCell(String(row.position), 400, cols[0]! + 4, y, 48);
      writeCell(row.word, 400, cols[1]! + 4, y, 146);
      writeCell(row.typed || '—', 400, cols[2]! + 4, y, 146);
      doc.fillColor(color);
      writeCell(statusText(row.status), 400, cols[3]! + 4, y, 130);
      y += 19;
    }
    if (wrong.length) {
      y += 14;
      if (y > doc.page.height - 120) y = newPage();
      doc.fillColor('#B45309').fontSize(13);
      write(LABELS.wrongList, 700, 48, y, { width });
      y = doc.y + 6;
      doc.fillColor('#1F2937').fontSize(11);
      write(wrong.map((w) => `${w.word}, ${w.typed || '—'};`).join('  '), 400, 48, y, { width });
      y = doc.y + 10;
      doc.fillColor('#6B7280').fontSize(10);
      write(LABELS.advice, 400, 48, y, { width });
    }
    const pages = doc.bufferedPageRange();
    for (let i = 0; i < pages.count; i++) {
      doc.switchToPage(pages.start + i);
      doc.fillColor('#9CA3AF').fontSize(9);
      writeCentred(pages.count > 1 ? `${LABELS.footer} · ${i + 1} / ${pages.count}` : LABELS.footer, 400, 48, doc.page.height - 60, width);
    }
    doc.end();
  });
}

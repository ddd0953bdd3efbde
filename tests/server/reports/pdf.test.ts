import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { renderReportPdf, type ReportContent } from '../../../server/reports/pdf.ts';
import { fontName, fontsFor, runsOf } from '../../../server/reports/cjk-font.ts';
import { reportRenderer } from '../../../server/reports/render-pool.ts';
import pino from 'pino';
import { ARPABET_IPA } from '../../../server/speech/pa/phones.ts';

const REPORT: ReportContent = {
  student: '张伟',
  className: '三年级二班',
  teacher: 'mrzhou',
  taskId: 'NS2022-ES3-12-SB-mrzhou',
  bookUnitId: 'NS2022-ES3',
  type: 'SB',
  finishedAt: new Date('2026-11-23T10:15:00Z'),
  score: 75,
  correct: 3,
  total: 4,
  rows: [
    { position: 1, word: 'red', typed: 'red', status: 'v' },
    { position: 2, word: 'blue', typed: 'bleu', status: 'x' },
    { position: 3, word: 'green', typed: 'green', status: 'v' },
    { position: 4, word: 'yellow', typed: 'yellow', status: 'timeout:64s' },
  ],
};

/**
 * Runs a poppler tool on the PDF; null when it is not installed (CI installs it). pdftoppm draws
 * the first page and gives what it complained of (an embedded font it cannot read, a broken stream).
 */
function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdftoppm', pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'wordbee-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const args = { pdftotext: ['-layout', file, '-'], pdffonts: [file], pdftoppm: ['-r', '20', '-f', '1', '-l', '1', file, path.join(dir, 'page')] }[tool];
    const out = spawnSync(tool, args, { encoding: 'utf8' });
    if (out.error || out.status !== 0) {
      if (process.env.CI) throw new Error(`${tool} is needed in CI`);
      return null;
    }
    return tool === 'pdftoppm' ? out.stderr : out.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the PDF report in Chinese and English', () => {
  it('prints bilingual labels and Chinese names, with Noto Sans SC embedded', async () => {
    const pdf = await renderReportPdf(REPORT);
    // The font travels inside the file: a parent's PDF reader needs nothing installed.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    const fonts = poppler('pdffonts', pdf);
    if (fonts !== null) {
      const embedded = fonts.split('\n').filter((l) => /NotoSansSC-(Regular|Bold)-/.test(l));
      expect(embedded.length).toBeGreaterThan(2);
      expect(embedded.every((l) => /\byes\s+yes\s+yes\b/.test(l))).toBe(true);
      // Only the drawn glyphs are embedded, not the whole font.
      expect(pdf.length).toBeLessThan(150_000);
    }
    const text = poppler('pdftotext', pdf);
    if (text !== null) {
      for (const label of [
        '任务报告 Task report',
        '学生 Student',
        '班级 Class',
        '得分 Score',
        '单词 Word',
        '作答 Answer',
        '结果 Result',
        '错误 wrong',
        '超时 too slow (64s)',
        '拼错的单词 Wrong spell words list (correct word, wrong spell;)',
      ]) {
        expect(text).toContain(label);
      }
      expect(text).toContain('张伟');
      expect(text).toContain('三年级二班 (老师 teacher mrzhou)');
      expect(text).toMatch(/blue,\s+bleu;/);
      // Finished 10:15 UTC is 18:15 in Beijing, and the report says which time it gives.
      expect(text).toContain('2026-11-23 18:15 (UTC+08:00)');
    }
  });

  it('numbers the pages of a long report and says whose report each page after the first is', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({ position: i + 1, word: `word${i + 1}`, typed: `${70 + (i % 30)}/100`, status: 'good' }));
    const pdf = await renderReportPdf({ ...REPORT, type: 'PA', bookUnitId: 'PEP3A-1', rows });
    const text = poppler('pdftotext', pdf);
    if (text !== null) {
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages).toHaveLength(2);
      expect(pages[0]).toMatch(/English practice for K12 classes · 1 \/ 2/);
      expect(pages[1]).toMatch(/English practice for K12 classes · 2 \/ 2/);
      expect(pages[1]!.trimStart()).toMatch(/^张伟 · 发音 Pronunciation Assessment · PEP3A-1/);
      // Words of phrases counted, said well or not: not "right" of a 20-item task.
      expect(pages[0]).toContain(`读得好 ${REPORT.correct} / ${REPORT.total} 个词 words said well`);
    }
  });

  it('reads the same in the next reports of the process, whose glyphs and word layouts are reused, and when rendered on the report thread', async () => {
    const log = pino({ level: 'silent' });
    const render = reportRenderer({ threads: 1, log });
    // The same words in other places and other students: the outlines and shaped words kept
    // from the first report must draw the second and third as their own.
    const second: ReportContent = {
      ...REPORT,
      student: '李娜',
      rows: [
        { position: 1, word: 'yellow', typed: 'yelow', status: 'x' },
        { position: 2, word: 'red', typed: 'red', status: 'v' },
      ],
      correct: 1,
      total: 2,
      score: 50,
    };
    const third: ReportContent = { ...REPORT, student: '王芳', className: '三年级一班' };
    for (const [content, pdf] of [
      [REPORT, await renderReportPdf(REPORT)],
      [second, await renderReportPdf(second)],
      [third, await render(third)],
      [second, await render(second)],
    ] as const) {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Fonts and their ToUnicode maps kept from an earlier report go in already compressed.
      expect(poppler('pdftoppm', pdf) ?? '').toBe('');
      const text = poppler('pdftotext', pdf);
      if (text === null) continue;
      expect(text).toContain(content.student);
      expect(text).toContain(`${content.className} (老师 teacher mrzhou)`);
      expect(text).toContain('任务报告 Task report');
      for (const row of content.rows.filter((r) => r.status === 'x')) expect(text).toMatch(new RegExp(`${row.word},\\s+${row.typed};`));
    }
  });

  it('is still made, in Helvetica with the English labels, when the Chinese font cannot be loaded', async () => {
    const pdf = await renderReportPdf({ ...REPORT, className: 'Class 3B · 三年级二班' }, { standardFontsOnly: true });
    expect(pdf.toString('latin1')).not.toMatch(/NotoSansSC/);
    const text = poppler('pdftotext', pdf);
    if (text !== null) {
      for (const label of ['WordBee · Task report', 'Student', 'Class 3B ·', 'Score', 'Wrong spell words list (correct word, wrong spell;)', 'wrong'])
        expect(text).toContain(label);
      expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('splits text into runs of the font slices that draw it', () => {
    const runs = runsOf('学生 Student 张伟');
    expect(runs.map((r) => r.text).join('')).toBe('学生 Student 张伟');
    expect(runs.find((r) => r.text.includes('Student'))!.slice).toBe('latin');
    expect(runs[0]!.slice).toMatch(/^\d+$/);
  });

  it('has a glyph for every sound a pronunciation report names (IPA), in Regular and Bold', async () => {
    const ipa = Object.values(ARPABET_IPA).join('') + 'ə';
    const fonts = await fontsFor([ipa]);
    for (const ch of new Set(ipa)) {
      const slice = runsOf(ch)[0]!.slice;
      for (const weight of [400, 700] as const) {
        const font = fonts.get(fontName(slice, weight)) as { hasGlyphForCodePoint(cp: number): boolean } | undefined;
        expect(font?.hasGlyphForCodePoint(ch.codePointAt(0)!), `${ch} at ${weight}`).toBe(true);
      }
    }
  });

  it('draws Bold labels with the Bold outlines of the variable font, not its thin default', async () => {
    const fonts = await fontsFor(['学'], [400, 700]);
    const slice = runsOf('学')[0]!.slice;
    const fontkit = createRequire(import.meta.url)('fontkit');
    const outline = (weight: 400 | 700) => {
      const font = fonts.get(fontName(slice, weight)) as any;
      const glyph = font.glyphsForString('学')[0];
      const subset = font.createSubset();
      subset.includeGlyph(glyph);
      // A subset is what pdfkit embeds; read its glyph back as a PDF reader would.
      const written = fontkit.create(Buffer.from(subset.encode())).getGlyph(1);
      return { drawn: glyph.path, written: written.path, advance: glyph.advanceWidth, bbox: written.bbox };
    };
    const regular = outline(400);
    const bold = outline(700);
    for (const g of [regular, bold]) {
      const points = (p: any) => p.commands.flatMap((c: any) => c.args.map(Math.round));
      expect(points(g.written).length).toBeGreaterThan(20);
      expect(points(g.written)).toEqual(points(g.drawn));
    }
    // Bold strokes are wider: the glyph's ink box grows.
    expect(bold.bbox.maxX - bold.bbox.minX).toBeGreaterThan(regular.bbox.maxX - regular.bbox.minX);
  });
});

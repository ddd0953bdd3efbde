/**
 * The PDF report of a finished task (DESIGN, Reports): who, which task, when, the score, and
 * every word with the answer and its status, then the wrong spellings — readable for a parent.
 */
import PDFDocument from 'pdfkit';

export type ReportContent = {
  student: string;
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
};

const TYPE_NAMES = { SB: 'Spelling Bee', FM: 'Flashcard Master', PA: 'Pronunciation Assessment' } as const;
const STATUS_TEXT: Record<string, string> = { v: 'right', x: 'wrong', skipped: 'skipped', canceled: 'canceled' };
const statusText = (s: string) => STATUS_TEXT[s] ?? (s.startsWith('timeout:') ? `too slow (${s.slice(8)})` : s);

export function renderReportPdf(r: ReportContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `WordBee report: ${r.student} ${r.bookUnitId}`, Author: 'WordBee' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 96;

    doc.rect(0, 0, doc.page.width, 84).fill('#FFC93C');
    doc.fillColor('#1F2937').font('Helvetica-Bold').fontSize(22).text('WordBee task report', 48, 26);
    doc.font('Helvetica').fontSize(11).text(`${TYPE_NAMES[r.type]} · ${r.bookUnitId}`, 48, 54);

    doc.fillColor('#1F2937').font('Helvetica').fontSize(11);
    const details: [string, string][] = [
      ['Student', r.student],
      ['Class', `${r.className} (teacher ${r.teacher})`],
      ['Task', r.taskId],
      ['Finished', r.finishedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
    ];
    let y = 104;
    for (const [label, value] of details) {
      doc.font('Helvetica-Bold').text(label, 48, y, { width: 90 });
      doc.font('Helvetica').text(value, 140, y, { width: width - 92 });
      y += 18;
    }
    doc.roundedRect(doc.page.width - 48 - 120, 100, 120, 70, 10).fill(r.score >= 80 ? '#DCFCE7' : r.score >= 60 ? '#FEF3C7' : '#FEE2E2');
    doc.fillColor('#1F2937').font('Helvetica-Bold').fontSize(30).text(`${r.score}`, doc.page.width - 48 - 120, 110, { width: 120, align: 'center' });
    doc.font('Helvetica').fontSize(10).text(`${r.correct} of ${r.total} right`, doc.page.width - 48 - 120, 148, { width: 120, align: 'center' });

    y = 190;
    const cols = [48, 80, 240, 400];
    const header = (at: number) => {
      doc.rect(48, at - 4, width, 20).fill('#FFF4D6');
      doc.fillColor('#1F2937').font('Helvetica-Bold').fontSize(10);
      ['No.', 'Word', 'Answer', 'Result'].forEach((h, i) => doc.text(h, cols[i]! + 4, at, { width: 150 }));
    };
    header(y);
    y += 22;
    doc.font('Helvetica').fontSize(10);
    for (const row of r.rows) {
      if (y > doc.page.height - 80) {
        doc.addPage();
        y = 60;
        header(y);
        y += 22;
        doc.font('Helvetica').fontSize(10);
      }
      const color = row.status === 'v' ? '#15803D' : row.status === 'x' ? '#DC2626' : '#6B7280';
      doc.fillColor('#1F2937').text(String(row.position), cols[0]! + 4, y, { width: 28 });
      doc.text(row.word, cols[1]! + 4, y, { width: 150 });
      doc.text(row.typed || '—', cols[2]! + 4, y, { width: 150 });
      doc.fillColor(color).text(statusText(row.status), cols[3]! + 4, y, { width: 140 });
      y += 18;
    }
    const wrong = r.rows.filter((row) => row.status === 'x');
    if (wrong.length) {
      y += 14;
      if (y > doc.page.height - 120) {
        doc.addPage();
        y = 60;
      }
      doc.fillColor('#B45309').font('Helvetica-Bold').fontSize(13).text('Wrong spell words list (correct word, wrong spell;)', 48, y);
      y += 20;
      doc.fillColor('#1F2937').font('Helvetica').fontSize(11).text(wrong.map((w) => `${w.word}, ${w.typed || '—'};`).join('  '), 48, y, { width });
      y = doc.y + 10;
      doc.fillColor('#6B7280').fontSize(10).text('Practise these words again: type each one three times while saying it aloud.', 48, y, { width });
    }
    doc.fillColor('#9CA3AF').fontSize(9).text('WordBee · English practice for K12 classes', 48, doc.page.height - 60, { width, align: 'center' });
    doc.end();
  });
}

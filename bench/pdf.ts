/**
 * Report PDF generation per finished task (server/reports/pdf.ts), for a 20-word and a
 * 100-word Spelling Bee result. Baseline in the same run: pdfkit writing a one-line PDF (the
 * library's fixed cost per document), so the ratio is what the report's content adds.
 */
import PDFDocument from 'pdfkit';
import { ms, percentile } from './setup.ts';
import { renderReportPdf, type ReportContent } from '../server/reports/pdf.ts';

const report = (words: number): ReportContent => ({
  student: 'pupil1x1',
  className: 'Class 1',
  teacher: 'benchteacher',
  taskId: 'NS2022-ES3-12-SB-benchteacher',
  bookUnitId: 'NS2022-ES3',
  type: 'SB',
  finishedAt: new Date(),
  score: 95,
  correct: words - 1,
  total: words,
  rows: Array.from({ length: words }, (_, i) => ({ position: i + 1, word: `word${i}`, typed: i === 3 ? `wrod${i}` : `word${i}`, status: i === 3 ? 'x' : 'v' })),
});

const oneLine = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.font('Helvetica').fontSize(11).text('WordBee');
    doc.end();
  });

async function timeEach(n: number, make: () => Promise<Buffer>) {
  for (let i = 0; i < 10; i++) await make();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    bytes = (await make()).length;
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes };
}

export async function pdfBenchmark() {
  const base = await timeEach(200, oneLine);
  const twenty = await timeEach(200, () => renderReportPdf(report(20)));
  const hundred = await timeEach(100, () => renderReportPdf(report(100)));
  const line = (label: string, f: typeof base) =>
    `${label}: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, ${Math.round(f.bytes / 1024)} KB${f === base ? '' : ` → ${(f.p50 / base.p50).toFixed(1)}× the one-line PDF`}`;
  return {
    name: 'Report PDF generation per finished task (pdfkit, one at a time)',
    lines: [line('one-line PDF (baseline)', base), line('report, 20 words      ', twenty), line('report, 100 words     ', hundred)],
  };
}

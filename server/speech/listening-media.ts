/**
 * The Listening page's media (spec screen 3), made by WordBee itself on first request and
 * kept in DATA_DIR/media: the word list in a slow male voice, classroom expressions in a faster
 * female voice, and a short PDF article on how to practise listening.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { NotFoundError } from '../errors.ts';
import type { TtsEngine } from './tts.ts';
import { LISTENING_FILES, SAMPLE_EXPRESSIONS, SAMPLE_WORDS } from './listening-texts.ts';

const makers: Record<string, { type: string; make: (tts: TtsEngine) => Promise<Buffer> }> = {
  [LISTENING_FILES.wordList]: {
    type: 'audio/wav',
    // Periods give a pause between words; rms is Flite's US male voice, slowed to 0.75.
    make: async (tts) => (await tts.speak({ text: SAMPLE_WORDS.join('. ') + '.', voice: 'rms', speed: 0.75 })).bytes,
  },
  [LISTENING_FILES.expressions]: {
    type: 'audio/wav',
    make: async (tts) => (await tts.speak({ text: SAMPLE_EXPRESSIONS.join(' '), voice: 'slt', speed: 1.15 })).bytes,
  },
  [LISTENING_FILES.article]: { type: 'application/pdf', make: listeningArticle },
};

const pending = new Map<string, Promise<Buffer>>();

export async function listeningMedia(dataDir: string, tts: TtsEngine, file: string): Promise<{ bytes: Buffer; type: string }> {
  const maker = Object.hasOwn(makers, file) ? makers[file] : undefined;
  if (!maker) throw new NotFoundError(`No listening file named ${file}`);
  const dir = path.join(dataDir, 'media');
  const target = path.join(dir, file);
  let job = pending.get(file);
  if (!job) {
    job = readFile(target).catch(async () => {
      const bytes = await maker.make(tts);
      await mkdir(dir, { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
      return bytes;
    });
    pending.set(file, job);
    job.catch(() => pending.delete(file));
  }
  return { bytes: await job, type: maker.type };
}

const ARTICLE: [string, string][] = [
  [
    'Why listen first',
    'Children learn their first language by listening long before they read. Listening first, without the text, trains the ear to catch sounds, stress and rhythm instead of decoding letters.',
  ],
  [
    '1. Listen to the whole recording',
    'Play the full audio once or twice without reading anything. Try to follow the general meaning; do not stop at every unknown word.',
  ],
  [
    '2. Write and read aloud what you heard',
    'Play it again in short parts. Write down the words and sentences you hear, then read them aloud, copying the speaker as closely as you can.',
  ],
  ['3. Repeat until nothing more is understood', 'Keep listening, writing and reading aloud until another round brings nothing new.'],
  ['4. Check against the text', 'Now open the text. Compare it with what you wrote, mark the differences and listen again to the parts you missed.'],
  ['5. Repeat until everything is understood', 'Listen once more with the text, then without it, until every word is clear.'],
  ['Speed', 'Practise at normal speed (1.0x) and use the text for support when needed. Slow the audio down only for a hard sentence, then return to 1.0x.'],
  ['A little every day', 'Ten minutes of listening every day does more than an hour once a week.'],
];

function listeningArticle(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'How to practise listening', Author: 'WordBee' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, doc.page.width, 90).fill('#FFC93C');
    doc.fillColor('#1F2937').font('Helvetica-Bold').fontSize(26).text('How to practise listening', 56, 32);
    doc.moveDown(2).font('Helvetica').fontSize(11).fillColor('#6B7280').text('WordBee listening guide', 56, 100);
    doc.moveDown(1.5);
    for (const [heading, body] of ARTICLE) {
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#B45309').text(heading);
      doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor('#1F2937').text(body, { align: 'left', lineGap: 3 });
      doc.moveDown(1);
    }
    doc.end();
  });
}

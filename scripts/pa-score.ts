/**
 * `npm run pa:score -- FILE "word word ..."`: scores a recording (WAV, Ogg Opus or WebM Opus)
 * against the words with the server's engine and prints the result as JSON on stdout.
 */
import { readFile } from 'node:fs/promises';
import { Aligner } from '../server/speech/pa/aligner.ts';
import { AudioError, decodeRecording } from '../server/speech/pa/audio.ts';
import { scoreRecording, TextError } from '../server/speech/pa/engine.ts';

const [file, ...rest] = process.argv.slice(2);
const text = rest.join(' ');
if (!file || !text.trim()) {
  console.error('usage: npm run pa:score -- FILE "word word ..."');
  process.exit(2);
}
try {
  const pcm = await decodeRecording(new Uint8Array(await readFile(file)));
  const aligner = await Aligner.create();
  const result = await scoreRecording(aligner, pcm, text);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} catch (error) {
  if (error instanceof AudioError || error instanceof TextError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(`pa:score: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}

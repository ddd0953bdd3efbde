/**
 * A scoring worker thread: loads the acoustic model once, then decodes, aligns and scores one
 * recording per message (see pool.ts for the messages). While it scores, it may lend the second
 * check with room to an idle worker through the pool (`assist`); when idle, it does such checks
 * for the others.
 */
import { parentPort } from 'node:worker_threads';
import { Aligner } from './aligner.ts';
import { AudioError, decodeRecording } from './audio.ts';
import { alignWithRoomHere, preloadPhoneNet, scoreRecording, TextError, type RoomAlignment } from './engine.ts';
import type { FromWorker, LentCheck, ToWorker } from './pool.ts';

const port = parentPort!;
const aligner = await Aligner.create();
// The neural phone model's weights (when the word model weighs it) are read at start, not at the first recording.
preloadPhoneNet();
const here = alignWithRoomHere(aligner);
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Checks lent out, by id: what to do with the answer. */
const lent = new Map<number, (answer: Extract<ToWorker, { type: 'checked' }>) => void>();
let nextCheck = 1;

/** Lends a check with room to another worker; runs it here when the pool has no idle worker. */
const assist: RoomAlignment = (pcm, words, index) =>
  new Promise((resolve, reject) => {
    const id = nextCheck++;
    lent.set(id, (answer) => {
      lent.delete(id);
      if ('segments' in answer) resolve(answer.segments);
      else here(pcm, words, index).then(resolve, reject);
    });
    const audio = pcm.slice(); // a copy to hand over
    const pronunciations = words.map((w): [string, string | null] => [w.toLowerCase(), aligner.lookup(w)]);
    post({ type: 'check', id, check: { pcm: audio, words, index, pronunciations } }, [audio.buffer]);
  });

/** A check lent by another worker: its words may have come from G2P there, so their pronunciations come along. */
async function check({ pcm, words, index, pronunciations }: LentCheck) {
  const missing = pronunciations.filter((entry): entry is [string, string] => entry[1] !== null && !aligner.lookup(entry[0]));
  aligner.addWords(missing);
  return here(pcm, words, index);
}

port.on('message', async (message: ToWorker) => {
  switch (message.type) {
    case 'score':
      try {
        const pcm = await decodeRecording(message.audio);
        const result = await scoreRecording(aligner, pcm, message.text, { rejectSilence: message.rejectSilence, pacedItems: message.pacedItems, assist });
        post({ type: 'scored', id: message.id, result });
      } catch (error) {
        const input = error instanceof AudioError || error instanceof TextError;
        post({ type: 'scored', id: message.id, error: input ? (error as Error).message : String((error as Error)?.stack ?? error), input });
      }
      return;
    case 'check':
      try {
        post({ type: 'checked', id: message.id, segments: await check(message.check) });
      } catch {
        post({ type: 'checked', id: message.id, declined: true }); // the lender runs it itself
      }
      return;
    case 'checked':
      lent.get(message.id)?.(message);
      return;
  }
});
post({ type: 'ready' });

/**
 * A scoring worker thread: loads the acoustic model once, then decodes, aligns and scores one
 * recording per message. Replies { id, result } or { id, error, input } (input: the recording or
 * text was at fault, and the message is for the user).
 */
import { parentPort } from 'node:worker_threads';
import { Aligner } from './aligner.ts';
import { AudioError, decodeRecording } from './audio.ts';
import { scoreRecording, TextError } from './engine.ts';

const port = parentPort!;
const aligner = await Aligner.create();
port.postMessage('ready');

port.on('message', async (message: { id: number; audio: Uint8Array; text: string; rejectSilence?: boolean }) => {
  try {
    const pcm = await decodeRecording(message.audio);
    const result = await scoreRecording(aligner, pcm, message.text, { rejectSilence: message.rejectSilence });
    port.postMessage({ id: message.id, result });
  } catch (error) {
    const input = error instanceof AudioError || error instanceof TextError;
    port.postMessage({ id: message.id, error: input ? (error as Error).message : String((error as Error)?.stack ?? error), input });
  }
});

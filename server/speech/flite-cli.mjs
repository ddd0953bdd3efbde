// One synthesis in its own process: `node flite-cli.mjs VOICE SPEED TEXT` writes WAV to stdout.
// node:wasi (experimental in Node 20) has crashed whole processes under repeated use, so the
// server never runs it in its own process or threads (server/speech/tts.ts).
import { synthesize } from './flite-wasi.mjs';

const [voice, speed, text] = process.argv.slice(2);
const wav = await synthesize(text ?? '', voice, Number(speed) || 1);
process.stdout.write(wav);

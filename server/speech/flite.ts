/**
 * Speech out with Flite (CMU's synthesizer compiled to WASI, run with node:wasi). Voices:
 * slt (US female), rms (US male), awb (Scottish male), kal (US male, diphone). Output is
 * 16 kHz mono 16-bit WAV; one synthesis takes ~20–100 ms of CPU here. The engine itself is in
 * flite-wasi.mjs (plain JavaScript, loaded by the TTS worker threads as is).
 */
export const VOICES = ['slt', 'rms', 'awb', 'kal'] as const;
export type Voice = (typeof VOICES)[number];

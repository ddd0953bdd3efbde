// Worker thread for speech synthesis: Flite's WebAssembly runs here, off the event loop.
import { synthesize, type Voice } from './flite.ts';

export default async function speak({ text, voice, speed }: { text: string; voice: Voice; speed: number }): Promise<Uint8Array> {
  return synthesize(text, voice, speed);
}

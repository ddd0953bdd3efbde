/**
 * Spoken words for the players: the server says them as WAV (the spec's /tts) or, asked for, as
 * Ogg Opus at a tenth of the bytes (a 2-second word: 7 KB instead of 64 KB, a second less on a
 * slow school network). Browsers that play Ogg Opus (Chrome, Firefox, Edge, Safari 17+) get it;
 * any other keeps WAV.
 */
const playsOpus = typeof document !== 'undefined' && document.createElement('audio').canPlayType('audio/ogg; codecs="opus"') !== '';

/** The URL to play a /tts URL from: as Opus where this browser can. Other URLs are left as they are. */
export function speechSrc(url: string): string {
  return playsOpus && url.includes('/tts/?') && !/[?&]format=/.test(url) ? `${url}&format=opus` : url;
}

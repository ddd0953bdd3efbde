/**
 * `npm run media:video`: makes the Listening page's sample video (spec screen 3) with WordBee's
 * own parts — slides of the practice method and a word list drawn on a canvas in headless
 * Chromium (playwright-core), narrated by WordBee's speech synthesis (Flite voices, as the
 * sample audio), recorded by the browser's MediaRecorder as WebM (VP8 + Opus). The result is
 * checked in as client/public/video/listening-sample.webm, so `npm start` needs nothing more.
 *
 * Recording runs in real time (about 35 s). Usage: npm run media:video [-- OUT_FILE]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { createTts } from '../server/speech/tts.ts';
import { fontSlicesFor } from '../server/reports/cjk-font.ts';
import { readWebm, withDuration } from './webm.ts';
import { LISTENING_VIDEO, VIDEO_SLIDES as SLIDES, type VideoSlide } from '../server/speech/listening-texts.ts';

export const SAMPLE_VIDEO = fileURLToPath(new URL(`../client/public${LISTENING_VIDEO}`, import.meta.url));

type Slide = VideoSlide;

const WIDTH = 854;
const HEIGHT = 480;

/** Runs in the page: draws the slides in time with the narration and records both. Returns the WebM as base64. */
async function recordInPage(input: {
  slides: Slide[];
  audio: string[];
  fonts: { data: string; unicodeRange: string }[];
  width: number;
  height: number;
}): Promise<string> {
  const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
  for (const font of input.fonts) {
    const face = new FontFace('WordBee Sans', fromBase64(font.data), { unicodeRange: font.unicodeRange, weight: '100 900' });
    document.fonts.add(await face.load());
  }
  const canvas = document.createElement('canvas');
  canvas.width = input.width;
  canvas.height = input.height;
  document.body.append(canvas);
  const g = canvas.getContext('2d')!;
  const audioContext = new AudioContext({ sampleRate: 48000 });
  await audioContext.resume();
  const buffers = await Promise.all(input.audio.map((b64) => audioContext.decodeAudioData(fromBase64(b64))));
  const GAP = 0.7;
  const starts: number[] = [];
  let total = 0.4;
  for (const b of buffers) {
    starts.push(total);
    total += b.duration + GAP;
  }
  total += 0.3;

  const W = input.width;
  const H = input.height;
  const font = (px: number, weight = 400) => `${weight} ${px}px "WordBee Sans"`;
  const wrap = (text: string, maxWidth: number): string[] => {
    // English wraps at spaces; Chinese may wrap between any two characters.
    const tokens = text.match(/[A-Za-z0-9(),.'!?-]+\s*|\s+|./gu) ?? [];
    const lines: string[] = [];
    let line = '';
    for (const t of tokens) {
      if (line && g.measureText(line + t).width > maxWidth) {
        lines.push(line.trimEnd());
        line = t.trimStart();
      } else line += t;
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  };
  const centred = (text: string, y: number, px: number, weight: number, color: string, maxWidth = W - 120) => {
    g.font = font(px, weight);
    g.fillStyle = color;
    g.textAlign = 'center';
    const lines = wrap(text, maxWidth);
    lines.forEach((l, i) => g.fillText(l, W / 2, y + i * px * 1.3));
    return y + lines.length * px * 1.3;
  };
  const frame = (index: number, t: number) => {
    const slide = input.slides[index]!;
    g.fillStyle = '#FFFBEF';
    g.fillRect(0, 0, W, H);
    g.fillStyle = '#FFC93C';
    g.fillRect(0, 0, W, 56);
    // A small bee: wings, a striped body.
    g.fillStyle = '#FFFFFF';
    g.beginPath();
    g.ellipse(34, 20, 8, 6, -0.5, 0, Math.PI * 2);
    g.ellipse(46, 20, 8, 6, 0.5, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#F5A70A';
    g.beginPath();
    g.ellipse(40, 32, 14, 10, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#1F2937';
    g.fillRect(35, 23, 3, 18);
    g.fillRect(42, 23, 3, 18);
    g.font = font(24, 800);
    g.textAlign = 'left';
    g.fillText('WordBee 单词蜂', 62, 37);
    g.font = font(16, 500);
    g.textAlign = 'right';
    g.fillText('Listening · 听力', W - 24, 36);
    // Progress dots, one per slide.
    input.slides.forEach((_, i) => {
      g.beginPath();
      g.arc(W / 2 - (input.slides.length - 1) * 11 + i * 22, H - 26, 6, 0, Math.PI * 2);
      g.fillStyle = i === index ? '#F5A70A' : i < index ? '#FCD34D' : '#E5E7EB';
      g.fill();
    });
    if (slide.kind === 'title') {
      centred(slide.title, 190, 64, 800, '#1F2937');
      centred(slide.subtitle, 270, 28, 500, '#374151');
      centred('Spelling Bee · Flashcard Master · Pronunciation', 340, 20, 400, '#6B7280');
    } else if (slide.kind === 'step') {
      g.beginPath();
      g.arc(W / 2, 140, 46, 0, Math.PI * 2);
      g.fillStyle = '#FFC93C';
      g.fill();
      centred(String(slide.step), 160, 52, 800, '#1F2937');
      const y = centred(slide.english, 250, 34, 700, '#1F2937');
      centred(slide.chinese, y + 14, 28, 500, '#92400E');
    } else if (slide.kind === 'words') {
      centred(slide.title, 120, 32, 700, '#1F2937');
      // Words light up one by one through the narration.
      const shown = Math.min(slide.words.length, Math.floor((t / Math.max(0.1, buffers[index]!.duration)) * (slide.words.length + 1)));
      slide.words.forEach((w, i) => {
        const x = W / 2 + (i - (slide.words.length - 1) / 2) * 150;
        g.fillStyle = i < shown ? '#DCFCE7' : '#FFFFFF';
        g.strokeStyle = i < shown ? '#15803D' : '#E5E7EB';
        g.lineWidth = 3;
        g.beginPath();
        g.roundRect(x - 66, 200, 132, 80, 16);
        g.fill();
        g.stroke();
        g.font = font(26, 700);
        g.fillStyle = i < shown ? '#166534' : '#9CA3AF';
        g.textAlign = 'center';
        g.fillText(w, x, 250);
      });
      centred('Say each word after the voice. 听一个，读一个。', 360, 22, 500, '#374151');
    } else {
      const y = centred(slide.english, 190, 34, 700, '#1F2937');
      centred(slide.chinese, y + 14, 28, 500, '#92400E');
      centred('More on the Listening page · 更多练习见“听力”页面', 380, 20, 400, '#6B7280');
    }
  };

  const destination = audioContext.createMediaStreamDestination();
  const stream = new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...destination.stream.getAudioTracks()]);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8,opus',
    videoBitsPerSecond: 500_000,
    audioBitsPerSecond: 48_000,
    videoKeyFrameIntervalDuration: 3000,
  } as MediaRecorderOptions);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));

  frame(0, 0);
  recorder.start(1000);
  const t0 = audioContext.currentTime + 0.2;
  buffers.forEach((b, i) => {
    const source = audioContext.createBufferSource();
    source.buffer = b;
    source.connect(destination);
    source.start(t0 + starts[i]!);
  });
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const t = audioContext.currentTime - t0;
      if (t >= total) {
        clearInterval(timer);
        resolve();
        return;
      }
      let index = 0;
      while (index + 1 < starts.length && t >= starts[index + 1]! - GAP / 2) index++;
      frame(index, t - starts[index]!);
    }, 1000 / 30);
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function main() {
  const out = process.argv[2] ?? SAMPLE_VIDEO;
  const scratch = mkdtempSync(path.join(tmpdir(), 'wordbee-video-'));
  const tts = createTts(scratch);
  try {
    const audio = await Promise.all(SLIDES.map(async (s) => (await tts.speak({ text: s.say, voice: s.voice, speed: s.speed })).bytes.toString('base64')));
    const allText =
      SLIDES.map((s) => JSON.stringify(s)).join(' ') +
      ' WordBee 单词蜂 Listening · 听力 Say each word after the voice. 听一个，读一个。 More on the Listening page · 更多练习见“听力”页面 Spelling Bee · Flashcard Master · Pronunciation 0123456789';
    const fonts = fontSlicesFor(allText).map((f) => ({ data: readFileSync(f.file).toString('base64'), unicodeRange: f.unicodeRange }));
    const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><body style="margin:0;background:#000"></body>');
      // tsx names functions with a helper the page does not have.
      await page.evaluate('window.__name = (f) => f');
      const recorded = Buffer.from(await page.evaluate(recordInPage, { slides: SLIDES, audio, fonts, width: WIDTH, height: HEIGHT }), 'base64');
      const summary = readWebm(recorded);
      const endMs = Math.max(...[...summary.blocks.values()].map((b) => b.lastMs));
      const fixed = withDuration(recorded, endMs + 20);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, fixed);
      const check = readWebm(fixed);
      console.log(
        JSON.stringify(
          { file: out, bytes: fixed.length, durationMs: check.durationMs, tracks: check.tracks, blocks: Object.fromEntries(check.blocks) },
          null,
          1,
        ),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await tts.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

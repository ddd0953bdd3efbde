/**
 * The texts of the Listening page's sample audio (spec screen 3), shared by the server, which
 * speaks them, and the page, which shows them for checking after listening.
 */
export const SAMPLE_WORDS = [
  'apple',
  'banana',
  'bird',
  'book',
  'brother',
  'cat',
  'chair',
  'classroom',
  'dog',
  'door',
  'egg',
  'elephant',
  'father',
  'fish',
  'friend',
  'green',
  'happy',
  'house',
  'juice',
  'kite',
  'library',
  'milk',
  'morning',
  'mother',
  'orange',
  'panda',
  'pencil',
  'rabbit',
  'school',
  'sister',
  'teacher',
  'tiger',
  'water',
  'window',
  'yellow',
];

export const SAMPLE_EXPRESSIONS = [
  'Good morning, class!',
  'How are you today? I am fine, thank you.',
  'Nice to meet you.',
  'Open your books and turn to page ten.',
  'May I come in?',
  'Can you say that again, please?',
  'What is the weather like today? It is sunny and warm.',
  'Let us read the story together.',
  'Please listen carefully and repeat after me.',
  'What time is it? It is half past eight.',
  'Excuse me, where is the library?',
  'Have a nice weekend! See you on Monday.',
];

export const LISTENING_FILES = {
  wordList: 'word-list.wav',
  expressions: 'expressions.wav',
  article: 'how-to-practise-listening.pdf',
} as const;

/** The sample video (made by `npm run media:video`, served from the client's public files). */
export const LISTENING_VIDEO = '/video/listening-sample.webm';

type VideoVoice = 'slt' | 'rms';
/** One slide of the video: what it shows and what is said while it shows. */
export type VideoSlide =
  | { kind: 'title'; title: string; subtitle: string; say: string; voice: VideoVoice; speed: number }
  | { kind: 'step'; step: number; english: string; chinese: string; say: string; voice: VideoVoice; speed: number }
  | { kind: 'words'; title: string; words: string[]; say: string; voice: VideoVoice; speed: number }
  | { kind: 'end'; english: string; chinese: string; say: string; voice: VideoVoice; speed: number };

const VIDEO_STEPS: [string, string][] = [
  ['Listen to the full audio without reading the text.', '先完整地听一遍，不看文字。'],
  ['Write down and read aloud what you heard.', '写下并大声读出你听到的内容。'],
  ['Repeat until nothing more is understood.', '反复听，直到再也听不出新内容。'],
  ['Check against the text.', '对照原文检查。'],
  ['Repeat until everything is understood.', '再反复听，直到全部听懂。'],
];
const VIDEO_WORDS = ['apple', 'panda', 'school', 'teacher', 'window'];

/** The video's slides: the script draws them, the page shows what is said (for checking after listening). */
export const VIDEO_SLIDES: VideoSlide[] = [
  {
    kind: 'title',
    title: 'WordBee 单词蜂',
    subtitle: 'How to practise listening · 听力练习方法',
    say: 'Welcome to WordBee! Here is how to practise listening, in five steps.',
    voice: 'slt',
    speed: 1,
  },
  ...VIDEO_STEPS.map(([english, chinese], i): VideoSlide => ({
    kind: 'step',
    step: i + 1,
    english,
    chinese,
    say: `Step ${['one', 'two', 'three', 'four', 'five'][i]}. ${english}`,
    voice: 'slt',
    speed: 1,
  })),
  {
    kind: 'words',
    title: 'Listen and repeat · 跟读单词',
    words: VIDEO_WORDS,
    say: `Listen and repeat. ${VIDEO_WORDS.map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}.`).join(' ')}`,
    voice: 'rms',
    speed: 0.85,
  },
  {
    kind: 'end',
    english: 'Practise at normal speed (1.0x), a little every day.',
    chinese: '建议以正常速度（1.0x）每天练习一点。',
    say: 'Practise at normal speed, a little every day. Good luck!',
    voice: 'slt',
    speed: 1,
  },
];

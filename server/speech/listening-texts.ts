/**
 * The texts of the Listening page's sample audio (spec screen 3), shared by the server, which
 * speaks them, and the page, which shows them for checking after listening.
 */
export const SAMPLE_WORDS = [
  'apple', 'banana', 'bird', 'book', 'brother', 'cat', 'chair', 'classroom', 'dog', 'door',
  'egg', 'elephant', 'father', 'fish', 'friend', 'green', 'happy', 'house', 'juice', 'kite',
  'library', 'milk', 'morning', 'mother', 'orange', 'panda', 'pencil', 'rabbit', 'school', 'sister',
  'teacher', 'tiger', 'water', 'window', 'yellow',
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

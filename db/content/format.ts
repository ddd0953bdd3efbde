/**
 * The content-pack format (docs/content.md). Word files in db/content/words/*.json hold word
 * cards written by the team; phonetics come from the CMU pronouncing dictionary and pictures
 * from the avatar mapping when the pack is loaded.
 */
import { z } from 'zod';

export const TOPICS = [
  'greetings and people', 'family and friends', 'body and health', 'clothes', 'colours and shapes',
  'numbers and time', 'school and study', 'home and furniture', 'food and drink', 'animals',
  'nature and weather', 'places and directions', 'transport and travel', 'sports and hobbies',
  'jobs and work', 'feelings and character', 'actions and daily life', 'shopping and money',
  'festivals and culture', 'science and technology', 'society and environment', 'language and thinking',
  'arts and media', 'history and geography', 'function words',
] as const;

/** Each topic as a Chinese teacher calls it: unit titles built from topics show both. */
export const TOPIC_ZH: Record<(typeof TOPICS)[number], string> = {
  'greetings and people': '问候与人物',
  'family and friends': '家人与朋友',
  'body and health': '身体与健康',
  clothes: '衣物',
  'colours and shapes': '颜色与形状',
  'numbers and time': '数字与时间',
  'school and study': '学校与学习',
  'home and furniture': '家居',
  'food and drink': '食物与饮料',
  animals: '动物',
  'nature and weather': '自然与天气',
  'places and directions': '地点与方向',
  'transport and travel': '交通与旅行',
  'sports and hobbies': '运动与爱好',
  'jobs and work': '职业与工作',
  'feelings and character': '情感与性格',
  'actions and daily life': '动作与日常生活',
  'shopping and money': '购物与钱',
  'festivals and culture': '节日与文化',
  'science and technology': '科学与技术',
  'society and environment': '社会与环境',
  'language and thinking': '语言与思维',
  'arts and media': '艺术与媒体',
  'history and geography': '历史与地理',
  'function words': '功能词',
};

const PARTS_OF_SPEECH = [
  'noun', 'verb', 'adjective', 'adverb', 'pronoun', 'preposition', 'conjunction', 'determiner',
  'numeral', 'interjection', 'modal verb', 'phrase',
] as const;

/** What a learner types and sees: letters, spaces, apostrophes, hyphens and dots (Mr., a.m.). */
export const wordText = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z][A-Za-z .'’-]*[A-Za-z.]$|^[A-Za-z]$/, 'letters, spaces, apostrophes, hyphens and dots only');

const wordEntry = z.object({
  word: wordText,
  pos: z.enum(PARTS_OF_SPEECH),
  definition: z.string().trim().min(3).max(160),
  /** At least two example sentences a child can read; the first is used by Spelling Bee. */
  sentences: z.array(z.string().trim().min(8).max(200)).min(2).max(5),
  topic: z.enum(TOPICS),
});
export type WordEntry = z.infer<typeof wordEntry>;

export const LEVEL_CODES = ['ES', 'MS', 'HM', 'HSM'] as const;

export const wordFile = z.object({
  /** The lowest curriculum level whose list holds these words. */
  level: z.enum(LEVEL_CODES),
  /** Where the list and cards come from, for docs/content.md. */
  source: z.string().min(3),
  entries: z.array(wordEntry).min(1),
});
export type WordFile = z.infer<typeof wordFile>;

/** Book and unit ids: letters, digits, `_` and `.` (task ids are joined with `-`). */
const bookId = z.string().regex(/^[A-Za-z0-9_.]{1,30}$/, '1–30 letters, digits, _ or . (no -)');

/** A word of a book's unit as the learner types it (ASCII apostrophe, so it matches its card). */
const bookWord = wordText.refine((w) => !w.includes('’'), "use the ASCII apostrophe (')");

const bookUnit = z.object({
  /** The unit's number as printed (`1` … `14`, starter units `S1` `S2` `S3`); `R` is Flashcard Master's. */
  unitId: bookId.refine((id) => id !== 'R', 'unit R is kept for Flashcard Master review batches'),
  /** `Unit N` and the unit's title as printed. */
  title: z.string().trim().min(1).max(120),
  /** The words and phrases the unit introduces, in the book's vocabulary-list order. */
  words: z.array(bookWord).min(1).max(100),
});

const bookEntry = z
  .object({
    id: bookId,
    title: z.string().trim().min(1).max(120),
    units: z.array(bookUnit).min(1).max(200),
  })
  .superRefine((book, ctx) => {
    const seen = new Set<string>();
    book.units.forEach((u, i) => {
      if (seen.has(u.unitId)) ctx.addIssue({ code: 'custom', path: ['units', i, 'unitId'], message: `unit ${u.unitId} is listed twice` });
      seen.add(u.unitId);
    });
  });

/** One file of db/content/books: a textbook series (or part of one) with its real units (docs/content.md). */
export const bookFile = z.object({
  series: z.string().trim().min(3),
  edition: z.string().trim().min(3),
  schoolId: z.enum(['ES', 'MS', 'HS']),
  /**
   * The curriculum level the books teach, when it is not the school level's own (ES, MS, HM):
   * HSM for the senior selective-compulsory books (选择性必修).
   */
  level: z.enum(LEVEL_CODES).optional(),
  pressId: z.string().regex(/^[A-Za-z0-9_.]{1,30}$/),
  /** Where the unit lists come from (public pages, cross-checks) and what was left out. */
  sources: z.array(z.string().trim().min(3)).min(1),
  books: z.array(bookEntry).min(1),
});
export type BookFile = z.infer<typeof bookFile>;

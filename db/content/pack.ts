/**
 * Builds the content pack from the word files: each word's card (with IPA from the CMU
 * dictionary), the curriculum lists per level, the National standards 2022 book, the level
 * sources with unit 'R', and the press textbooks: the real ones from db/content/books/*.json,
 * the others (series not yet established) synthesized from the level's list, saying so. Pure: no database here (see load.ts).
 */
import { createHash } from 'node:crypto';
import { LEVEL_CODES, TOPICS, TOPIC_ZH, type BookFile, type WordEntry } from './format.ts';
import { booksDirFor, readBookFiles, readWordFiles, WORDS_DIR } from './check.ts';
import { phoneticOf } from './phonetics.ts';
import { AVATARS_FILE, readAvatarMapping } from './avatars.ts';
import type { Level } from '../schema.ts';

type Card = WordEntry & { level: Exclude<Level, 'FC'>; phonetic: string; picture: string | null };
type PackUnit = { unitId: string; title: string; words: string[] };
type PackBook = {
  id: string;
  title: string;
  kind: 'national' | 'source' | 'press';
  level: Level | null;
  schoolId: string | null;
  pressId: string | null;
  units: PackUnit[];
};
export type Pack = { version: string; cards: Card[]; levels: Record<Level, string[]>; books: PackBook[] };

export const NATIONAL_BOOK = 'NS2022';
/** The level sources: FM tasks drawn from a level's list by the memory model (unit 'R'). */
// Titles are 'English · 中文', as the press books' own titles are (db/content/books/*.json).
const SOURCES: { id: string; level: Level; title: string }[] = [
  { id: 'FC2025', level: 'FC', title: 'Flashcards 2025: picture words for young learners · 看图闪卡 2025：低年级图片词汇' },
  { id: 'ES2022', level: 'ES', title: 'Primary school words (2022 standard) · 小学词汇（2022 年版课标）' },
  { id: 'MS2022', level: 'MS', title: 'Junior high words (2022 standard) · 初中词汇（2022 年版课标）' },
  { id: 'HM2020', level: 'HM', title: 'Senior high compulsory words (2020 standard) · 高中必修词汇（2020 年修订版课标）' },
  { id: 'HSM2020', level: 'HSM', title: 'Senior high selective-compulsory words (2020 standard) · 高中选择性必修词汇（2020 年修订版课标）' },
];
/** A book label ('3A', '9B', '1') as the Chinese edition names its volume. */
const GRADE_ZH = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const volumeZh = (label: string, senior: 'compulsory' | 'selective' | null) => {
  if (senior) return `${senior === 'selective' ? '选择性必修' : '必修'}第${GRADE_ZH[Number(label)]}册`;
  const grade = GRADE_ZH[Number(label[0])];
  return label.length === 1 ? `${grade}年级全一册` : `${grade}年级${label[1] === 'A' ? '上' : '下'}册`;
};
export const PROFILE_UNIT = 'R';
const UNIT_SIZE = 20;
/** Topics whose words are concrete enough for picture flashcards (the FC set). */
const FC_TOPICS = new Set(['animals', 'food and drink', 'clothes', 'body and health', 'colours and shapes', 'home and furniture', 'transport and travel', 'nature and weather', 'sports and hobbies', 'jobs and work', 'places and directions']);

/** Splits words into runs of at most `size`, keeping runs even (23 words → 12 + 11, not 20 + 3). */
function chunk<T>(items: T[], size: number): T[][] {
  if (items.length === 0) return [];
  const parts = Math.ceil(items.length / size);
  const base = Math.floor(items.length / parts);
  const extra = items.length % parts;
  const out: T[][] = [];
  let at = 0;
  for (let i = 0; i < parts; i++) {
    const n = base + (i < extra ? 1 : 0);
    out.push(items.slice(at, at + n));
    at += n;
  }
  return out;
}

/** Groups entries by topic, in order of each topic's first appearance, keeping order inside. */
function byTopic(entries: Card[]): Map<Card['topic'], Card[]> {
  const groups = new Map<Card['topic'], Card[]>();
  for (const e of entries) {
    const g = groups.get(e.topic) ?? [];
    g.push(e);
    groups.set(e.topic, g);
  }
  return groups;
}

function readCards(dir: string): Card[] {
  const files = readWordFiles(dir);
  const seen = new Set<string>();
  const cards: Card[] = [];
  // Lowest level first, so a word listed at two levels belongs to the lower one.
  for (const level of LEVEL_CODES) {
    const levelEntries = files.filter((f) => f.data.level === level).flatMap((f) => f.data.entries);
    // Several files of one level are merged topic by topic (each file is ordered by topic).
    const merged = [...byTopic(levelEntries.map((e) => ({ ...e, level, phonetic: '', picture: null })))].sort(
      ([a], [b]) => firstIndex(levelEntries, a) - firstIndex(levelEntries, b),
    );
    for (const [, group] of merged) {
      for (const card of group) {
        const key = card.word.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        cards.push({ ...card, phonetic: phoneticOf(card.word) });
      }
    }
  }
  return cards;
}

const firstIndex = (entries: WordEntry[], topic: string) => {
  const i = entries.findIndex((e) => e.topic === topic);
  return i < 0 ? TOPICS.length * 10_000 : i;
};

/** Units for a list of cards: topic by topic, at most UNIT_SIZE words each. */
function topicUnits(cards: Card[], idPrefix: string, size = UNIT_SIZE): PackUnit[] {
  const units: PackUnit[] = [];
  for (const [topic, group] of byTopic(cards)) {
    const parts = chunk(group, size);
    parts.forEach((part, i) => {
      units.push({
        unitId: `${idPrefix}${units.length + 1}`,
        title: parts.length > 1 ? `${topic} (${i + 1}) · ${TOPIC_ZH[topic]}（${i + 1}）` : `${topic} · ${TOPIC_ZH[topic]}`,
        words: part.map((c) => c.word),
      });
    });
  }
  return units;
}

/**
 * Press books whose real unit lists are not established: the level's words by topic in units of
 * at most 20 words, shared out over the series' books, said so in each title.
 */
function pressBooks(
  cards: Card[],
  schoolId: string,
  pressId: string,
  press: { en: string; zh: string; senior?: 'compulsory' | 'selective' },
  plan: { id: string; label: string }[],
): PackBook[] {
  const units = chunk(cards, UNIT_SIZE);
  const perBook = Math.ceil(units.length / plan.length);
  return plan
    .map((book, b): PackBook => ({
      id: book.id,
      title: `${press.en} ${book.label} (units built from the level's word list by topic) · ${press.zh}${volumeZh(book.label, press.senior ?? null)}（单元按课标词表的话题编排）`,
      kind: 'press',
      level: null,
      schoolId,
      pressId,
      units: units.slice(b * perBook, (b + 1) * perBook).map((words, u) => ({
        unitId: String(u + 1),
        title: `Unit ${u + 1}: ${words[0]!.topic} · 第 ${u + 1} 单元：${TOPIC_ZH[words[0]!.topic]}`,
        words: words.map((c) => c.word),
      })),
    }))
    .filter((book) => book.units.length > 0);
}

/**
 * The real press books of the book files, in file order. A unit word without a card is left out
 * here (so a file being written cannot stop the app); `npm run content:check` and the content
 * tests name every such word.
 */
function realBooks(files: { data: BookFile }[], cards: Card[]): PackBook[] {
  const known = new Set(cards.map((c) => c.word.toLowerCase()));
  return files.flatMap(({ data }) =>
    data.books.map((book): PackBook => ({
      id: book.id,
      title: book.title,
      kind: 'press',
      level: null,
      schoolId: data.schoolId,
      pressId: data.pressId,
      units: book.units
        .map((u) => ({ unitId: u.unitId, title: u.title, words: u.words.filter((w) => known.has(w.toLowerCase())) }))
        .filter((u) => u.words.length > 0),
    })),
  );
}

/** The curriculum level of a book file's school level (senior high books teach the compulsory list unless the file says HSM). */
const BOOK_LEVEL: Record<BookFile['schoolId'], Card['level']> = { ES: 'ES', MS: 'MS', HS: 'HM' };

const grades = (prefix: string, labels: string[]) => labels.map((l) => ({ id: `${prefix}${l}`, label: l }));

export function buildPack(dir = WORDS_DIR, avatarsFile = AVATARS_FILE, booksDir = booksDirFor(dir)): Pack {
  const avatars = readAvatarMapping(avatarsFile);
  const bookFiles = readBookFiles(booksDir);
  // A word a primary book teaches is a primary word, whatever level its card's file has: the
  // level lists (and so the vocabulary measure and NS2022) follow the books.
  const bookLevel = new Map<string, Card['level']>();
  for (const { data } of bookFiles) {
    const level = data.level ?? BOOK_LEVEL[data.schoolId];
    for (const w of data.books.flatMap((b) => b.units.flatMap((u) => u.words))) {
      const key = w.toLowerCase();
      const known = bookLevel.get(key);
      if (!known || LEVEL_CODES.indexOf(level) < LEVEL_CODES.indexOf(known)) bookLevel.set(key, level);
    }
  }
  const cards = readCards(dir).map((c) => {
    const taught = bookLevel.get(c.word.toLowerCase());
    const level = taught && LEVEL_CODES.indexOf(taught) < LEVEL_CODES.indexOf(c.level) ? taught : c.level;
    return { ...c, level, picture: avatars.get(c.word.toLowerCase()) ?? null };
  });
  const of = (level: Card['level']) => cards.filter((c) => c.level === level);
  const es = of('ES');
  const ms = of('MS');
  const hm = of('HM');
  const hsm = of('HSM');
  // Each level's list counts "in all": junior high includes the primary words, and so on.
  const levels: Record<Level, string[]> = {
    FC: [...es, ...ms].filter((c) => FC_TOPICS.has(c.topic)).map((c) => c.word),
    ES: es.map((c) => c.word),
    MS: [...es, ...ms].map((c) => c.word),
    HM: [...es, ...ms, ...hm].map((c) => c.word),
    HSM: [...es, ...ms, ...hm, ...hsm].map((c) => c.word),
  };
  const national: PackBook = {
    id: NATIONAL_BOOK,
    title: 'National standards 2022: every curriculum word, level by level · 国家课程标准 2022：全部课标词汇，按学段',
    kind: 'national',
    level: null,
    schoolId: 'K-12',
    pressId: 'NS',
    units: [...topicUnits(es, 'ES'), ...topicUnits(ms, 'MS'), ...topicUnits(hm, 'HM'), ...topicUnits(hsm, 'HSM')],
  };
  const sources: PackBook[] = SOURCES.map((s) => ({
    id: s.id,
    title: s.title,
    kind: 'source',
    level: s.level,
    schoolId: null,
    pressId: null,
    units: [{ unitId: PROFILE_UNIT, title: 'Words due for review, then new words · 先复习到期的词，再学新词', words: [] }],
  }));
  const seniorSelective = [...hm.slice(Math.floor(hm.length / 2)), ...hsm];
  const real = realBooks(bookFiles, cards);
  const synthesized: PackBook[] = [
    ...pressBooks(es, 'ES', 'PEP', { en: 'PEP Primary English', zh: '人教版PEP小学英语' }, grades('PEP', ['3A', '3B', '4A', '4B', '5A', '5B', '6A', '6B'])),
    ...pressBooks([...es].reverse(), 'ES', 'BNU', { en: 'BNU Primary English', zh: '北师大版小学英语' }, grades('BNU', ['3A', '3B', '4A', '4B', '5A', '5B', '6A', '6B'])),
    ...pressBooks(ms, 'MS', 'PEP', { en: 'PEP Go for it!', zh: '人教版初中英语' }, grades('PEP', ['7A', '7B', '8A', '8B', '9'])),
    ...pressBooks([...ms].reverse(), 'MS', 'BNU', { en: 'BNU Junior English', zh: '北师大版初中英语' }, grades('BNU', ['7A', '7B', '8A', '8B', '9A', '9B'])),
    ...pressBooks(hm.slice(0, Math.ceil(hm.length / 2)), 'HS', 'PEP', { en: 'PEP Senior English', zh: '人教版高中英语', senior: 'compulsory' }, grades('PEPB', ['1', '2', '3'])),
    ...pressBooks(seniorSelective, 'HS', 'PEP', { en: 'PEP Senior English Selective', zh: '人教版高中英语', senior: 'selective' }, grades('PEPX', ['1', '2', '3', '4'])),
    ...pressBooks([...hm].reverse(), 'HS', 'BNU', { en: 'BNU Senior English', zh: '北师大版高中英语', senior: 'compulsory' }, grades('BNUB', ['1', '2', '3'])),
    ...pressBooks([...hsm].reverse(), 'HS', 'BNU', { en: 'BNU Senior English Selective', zh: '北师大版高中英语', senior: 'selective' }, grades('BNUX', ['1', '2', '3', '4'])),
  ];
  // A real book takes its synthesized namesake's place on the shelf; new ids (PEP2024_3A) follow.
  const press = [
    ...synthesized.map((b) => real.find((r) => r.id === b.id) ?? b),
    ...real.filter((r) => !synthesized.some((b) => b.id === r.id)),
  ];
  const books = [national, ...sources, ...press];
  const version = createHash('sha256').update(JSON.stringify({ cards, books })).digest('hex').slice(0, 16);
  return { version, cards, levels, books };
}

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

export const PARTS_OF_SPEECH = [
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

export const wordEntry = z.object({
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

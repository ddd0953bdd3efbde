/**
 * The avatar mapping (spec section 3): a text file where each line is a comma list, the first
 * item an image file under /avatars and the others the words it illustrates. Images are
 * Twemoji (CC-BY 4.0) from the @twemoji/svg package; `npm run content:avatars` rebuilds the
 * mapping from emoji names and keywords (emojibase).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AVATARS_FILE = fileURLToPath(new URL('./avatars.txt', import.meta.url));
export const DEFAULT_AVATAR = 'default.svg';
const require = createRequire(import.meta.url);

/** The folder the images are served from. */
export const TWEMOJI_DIR = path.dirname(require.resolve('@twemoji/svg/package.json'));

/** word (lower case) → image file. */
export function readAvatarMapping(file = AVATARS_FILE): Map<string, string> {
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [image, ...words] = line.split(',').map((s) => s.trim());
    for (const w of words) if (w && image) map.set(w.toLowerCase(), image);
  }
  return map;
}

/** A safe image name: Twemoji's hex code points, or the default bee. */
export const isAvatarFile = (name: string) => name === DEFAULT_AVATAR || /^[0-9a-f]{2,6}(-[0-9a-f]{2,6}){0,8}\.svg$/.test(name);

/**
 * Concrete words: the ones a picture can show (issue 34: things, animals, food, body, clothes,
 * places, colours, people and jobs, and actions a picture can show). A noun or noun phrase of a
 * topic of things, people or places is concrete unless it names an idea (ABSTRACT_NOUNS); of the
 * other words only colours, weather and the actions in PICTURE_ACTIONS are.
 */
const THING_TOPICS = new Set([
  'animals', 'food and drink', 'clothes', 'body and health', 'home and furniture', 'nature and weather',
  'transport and travel', 'places and directions', 'jobs and work', 'family and friends', 'greetings and people',
  'school and study', 'sports and hobbies', 'festivals and culture', 'arts and media', 'science and technology',
  'history and geography', 'shopping and money',
]);
/** Nouns of those topics that name an idea, a time or a measure rather than something to see. */
const ABSTRACT_NOUNS = new Set([
  'attention', 'word', 'lesson', 'class', 'english class', 'music class', 'pe class', 'way', 'vacation', 'trip',
  'holiday', 'traffic', 'weather', 'degree', 'nature', 'season', 'size', 'job', 'sport', 'game', 'hobby', 'goal',
  'club', 'contest', 'exercise', 'breath', 'front', 'first floor', 'second floor', 'feature', 'country', 'sale',
  'price', 'labour day', 'ms', 'mrs', 'sir', 'show', 'pen pal', 'problem', 'thing', 'idea', 'thought', 'fool',
  'noise', 'people', 'animal', 'tail', 'fur', 'half', 'space', 'science',
]);
const COLOURS = new Set(['red', 'green', 'yellow', 'blue', 'black', 'brown', 'white', 'orange', 'pink', 'purple', 'grey', 'gray']);
const WEATHER = new Set(['sunny', 'windy', 'cloudy', 'snowy', 'rainy', 'hot', 'cold', 'warm', 'cool']);
/** Verbs and phrases a picture can show (a child swimming, a kite flying). */
const PICTURE_ACTIONS = new Set([
  'sing', 'dance', 'draw', 'swim', 'cook', 'read', 'eat', 'drink', 'run', 'jump', 'walk', 'fly', 'paint', 'ice-skate',
  'climbing', 'eating', 'drinking', 'jumping', 'sleeping', 'sing english songs', 'do kung fu', 'draw cartoons',
  'play football', 'play basketball', 'play ping-pong', 'go boating', 'go swimming', 'make a snowman',
  'go on a picnic', 'pick apples', 'watch tv', 'wash my clothes', 'read books', 'do homework', 'eat breakfast',
  'eat dinner', 'clean my room', 'go for a walk', 'go shopping', 'take a dancing class', 'do morning exercises',
  'doing morning exercises', 'eating lunch', 'reading a book', 'listening to music', 'see a film', 'took pictures',
  'went camping', 'went fishing', 'rode a horse', 'rode a bike', 'go cycling', 'go to school', 'go to bed', 'get up',
  'go home', 'see a doctor', 'had a cold', 'wear more clothes', 'talk quietly', 'play sports',
]);

export function isConcrete(card: { word: string; pos: string; topic: string }): boolean {
  const key = card.word.toLowerCase();
  if (PICTURE_ACTIONS.has(key) || COLOURS.has(key) || WEATHER.has(key)) return true;
  return (card.pos === 'noun' || (card.pos === 'phrase' && !/^(a |the |to )/.test(key) && key.split(' ').length <= 3 && /(box|office|hall|room|beans|bottle|lights|book|desk|player|brother|teacher|officer|cream|festival)$/.test(key))) &&
    THING_TOPICS.has(card.topic) && !ABSTRACT_NOUNS.has(key);
}

/** How many of the given cards' concrete words have a picture; the ones without, for the check to list. */
export function pictureCoverage(cards: { word: string; pos: string; topic: string }[], mapping = readAvatarMapping()) {
  const concrete = cards.filter(isConcrete);
  const missing = concrete.filter((c) => !mapping.has(c.word.toLowerCase())).map((c) => c.word);
  return { concrete: concrete.length, withPicture: concrete.length - missing.length, missing };
}

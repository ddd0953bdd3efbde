/**
 * `npm run content:avatars`: writes db/content/avatars.txt, matching the content pack's words to
 * Twemoji pictures by emoji name (exact, or "red apple" for apple) and by keyword, for the
 * picture-friendly groups only (people, animals, food, travel, activities, objects).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readWordFiles } from '../db/content/check.ts';
import { AVATARS_FILE, TWEMOJI_DIR } from '../db/content/avatars.ts';

type Emoji = { label: string; hexcode: string; tags?: string[]; group?: number; skins?: unknown[] };
const require = createRequire(import.meta.url);
const emojis: Emoji[] = require('emojibase-data/en/data.json');
const PICTURE_GROUPS = new Set([1, 3, 4, 5, 6, 7]);

const fileOf = (hex: string) => {
  const lower = hex.toLowerCase();
  for (const name of [lower, lower.replace(/-fe0f/g, '')]) if (existsSync(path.join(TWEMOJI_DIR, `${name}.svg`))) return `${name}.svg`;
  return undefined;
};

/**
 * School words whose best picture has another name. Keyword matching alone gives wrong pictures
 * (green → golfer, milk → cow face), so only these names, exact names and "red apple"-style
 * names of food and animals are used.
 */
const ALIASES: Record<string, string> = {
  apple: 'red apple', milk: 'glass of milk', water: 'droplet', rice: 'cooked rice', juice: 'beverage box', cake: 'shortcake',
  book: 'open book', car: 'automobile', plane: 'airplane', ship: 'passenger ship', bike: 'bicycle', phone: 'mobile phone',
  computer: 'laptop', clock: 'mantelpiece clock', sun: 'sun', moon: 'crescent moon', star: 'star', rain: 'cloud with rain',
  snow: 'snowflake', tree: 'deciduous tree', flower: 'tulip', house: 'house', school: 'school', hospital: 'hospital',
  red: 'red circle', blue: 'blue circle', green: 'green circle', yellow: 'yellow circle', black: 'black circle', white: 'white circle',
  orange: 'orange circle', purple: 'purple circle', brown: 'brown circle', circle: 'white circle', square: 'yellow square',
  football: 'soccer ball', basketball: 'basketball', ball: 'soccer ball', kite: 'kite', pencil: 'pencil', pen: 'pen',
  ruler: 'straight ruler', bag: 'backpack', schoolbag: 'backpack', eye: 'eye', ear: 'ear', nose: 'nose', mouth: 'mouth',
  hand: 'raised hand', foot: 'foot', teacher: 'teacher', doctor: 'health worker', nurse: 'health worker', farmer: 'farmer',
  cook: 'cook', police: 'police officer', egg: 'egg', bread: 'bread', noodles: 'steaming bowl', dumplings: 'dumpling',
  tea: 'teacup without handle', coffee: 'hot beverage', 'ice cream': 'soft ice cream', hat: 'billed cap', shoes: 'running shoe',
  dress: 'dress', shirt: 't-shirt', 'T-shirt': 't-shirt', socks: 'socks', coat: 'coat', gloves: 'gloves', scarf: 'scarf',
  bed: 'bed', chair: 'chair', door: 'door', window: 'window', key: 'key', gift: 'wrapped gift', birthday: 'birthday cake',
  music: 'musical notes', piano: 'musical keyboard', guitar: 'guitar', map: 'world map', money: 'money bag', bus: 'bus',
  train: 'locomotive', boat: 'sailboat', taxi: 'taxi', panda: 'panda', duck: 'duck', fish: 'fish', bird: 'bird',
};

const byLabel = new Map<string, Emoji>();
const byLastWord = new Map<string, Emoji>();
for (const e of emojis) {
  const label = e.label.toLowerCase();
  byLabel.set(label, byLabel.get(label) ?? e);
  const words = label.split(' ');
  // "red apple", "hot pepper": food (4) and animals (3) only.
  if (words.length === 2 && (e.group === 3 || e.group === 4)) byLastWord.set(words[1]!, byLastWord.get(words[1]!) ?? e);
}
const pictureFor = (word: string) => {
  const key = word.toLowerCase();
  const alias = ALIASES[word] ?? ALIASES[key];
  if (alias) return byLabel.get(alias);
  const exact = byLabel.get(key);
  if (exact && PICTURE_GROUPS.has(exact.group ?? -1)) return exact;
  return byLastWord.get(key);
};

const images = new Map<string, string[]>();
const words = readWordFiles().flatMap((f) => f.data.entries.map((e) => e.word));
for (const word of words) {
  const emoji = pictureFor(word);
  const file = emoji && fileOf(emoji.hexcode);
  if (!file) continue;
  images.set(file, [...(images.get(file) ?? []), word]);
}
const lines = [...images].sort(([a], [b]) => a.localeCompare(b)).map(([file, ws]) => `${file}, ${ws.join(', ')}`);
writeFileSync(AVATARS_FILE, `# image, words it illustrates (Twemoji, CC-BY 4.0; made by npm run content:avatars)\n${lines.join('\n')}\n`);
console.log(`${lines.length} images for ${[...images.values()].flat().length} of ${words.length} words`);

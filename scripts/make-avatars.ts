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

/**
 * The concrete words of the PEP primary books (db/content/books/pep-primary-2012.json) whose
 * picture has another name: people as the emoji person, places by their building, actions by
 * someone doing them, countries by their flag. A word left out here keeps its text card.
 */
const BOOK_ALIASES: Record<string, string> = {
  eraser: 'pencil', 'pencil box': 'pencil', mum: 'woman', mother: 'woman', father: 'man', dad: 'man',
  brother: 'boy', sister: 'girl', grandmother: 'old woman', grandma: 'old woman', grandfather: 'old man',
  grandpa: 'old man', grandparent: 'old woman', children: 'children crossing', kid: 'child', pupil: 'student',
  friend: 'people holding hands', parents: 'couple with heart', cousin: 'child', uncle: 'man: beard',
  aunt: 'woman: curly hair', 'baby brother': 'baby', arm: 'flexed biceps', head: 'bust in silhouette',
  body: 'person standing', hair: 'person getting haircut', zoo: 'lion', plate: 'fork and knife with plate',
  UK: 'flag: United Kingdom', Canada: 'flag: Canada', USA: 'flag: United States', China: 'flag: China',
  Spain: 'flag: Spain', Germany: 'flag: Germany', Scotland: 'flag: Scotland', desk: 'desktop computer',
  cap: 'billed cap', toy: 'teddy bear', watermelon: 'watermelon', strawberry: 'strawberry', grape: 'grapes',
  classroom: 'school', blackboard: 'teacher', light: 'light bulb', picture: 'framed picture',
  "teacher's desk": 'woman teacher', fan: 'wind face', wall: 'brick', TV: 'television',
  'maths book': 'abacus', 'English book': 'blue book', 'Chinese book': 'closed book', storybook: 'green book',
  notebook: 'notebook', key: 'key', shoe: 'man’s shoe', glasses: 'glasses', right: 'right arrow',
  left: 'left arrow', bedroom: 'bed', 'living room': 'couch and lamp', kitchen: 'cooking', bathroom: 'bathtub',
  table: 'fork and knife with plate', sofa: 'couch and lamp', fridge: 'ice', beef: 'cut of meat',
  soup: 'pot of food', vegetable: 'broccoli', bowl: 'bowl with spoon', fork: 'fork and knife',
  knife: 'kitchen knife', dinner: 'fork and knife with plate', breakfast: 'cooking', lunch: 'bento box',
  driver: 'automobile', puppy: 'dog face', 'football player': 'soccer ball',
  "teachers' office": 'office building', library: 'books', playground: 'playground slide',
  'computer room': 'desktop computer', 'art room': 'artist palette', 'music room': 'musical score',
  homework: 'memo', 'get up': 'alarm clock', 'go to school': 'school', 'go home': 'house', 'go to bed': 'bed',
  cold: 'cold face', cool: 'snowflake', warm: 'sun with face', hot: 'hot face', sunny: 'sun',
  windy: 'wind face', cloudy: 'cloud', snowy: 'cloud with snow', rainy: 'cloud with rain',
  world: 'globe showing Asia-Australia', 'green beans': 'beans', sheep: 'ewe', hen: 'chicken',
  garden: 'potted plant', farm: 'tractor', goat: 'goat', eat: 'fork and knife with plate', clothes: 't-shirt',
  pants: 'jeans', skirt: 'dress', sweater: 'coat', sock: 'socks', shorts: 'shorts', jacket: 'coat',
  glove: 'gloves', umbrella: 'umbrella', dollar: 'dollar banknote', robot: 'robot',
  'wash my clothes': 'basket', 'watch TV': 'television', 'do homework': 'memo', read: 'open book',
  'read books': 'books', 'play football': 'soccer ball', park: 'national park', sandwich: 'sandwich',
  salad: 'green salad', hamburger: 'hamburger', sing: 'microphone', song: 'musical note',
  'sing English songs': 'microphone', 'do kung fu': 'martial arts uniform', dance: 'woman dancing',
  draw: 'artist palette', cartoon: 'framed picture', 'draw cartoons': 'crayon', swim: 'person swimming',
  'play basketball': 'basketball', 'ping-pong': 'ping pong', 'play ping-pong': 'ping pong',
  party: 'party popper', email: 'e-mail', bottle: 'baby bottle', 'water bottle': 'cup with straw',
  photo: 'camera', forest: 'evergreen tree', river: 'national park', lake: 'person rowing boat',
  mountain: 'mountain', hill: 'snow-capped mountain', bridge: 'bridge at night', building: 'office building',
  village: 'houses', boating: 'person rowing boat', 'go boating': 'person rowing boat',
  'eat breakfast': 'cooking', 'play sports': 'sports medal', 'do morning exercises': 'person cartwheeling',
  'eat dinner': 'fork and knife with plate', 'clean my room': 'broom', 'go for a walk': 'person walking',
  'go shopping': 'shopping bags', dancing: 'man dancing', 'take a dancing class': 'woman dancing',
  shop: 'convenience store', island: 'desert island', cave: 'rock', spring: 'cherry blossom',
  summer: 'beach with umbrella', autumn: 'fallen leaf', winter: 'snowman', picnic: 'basket',
  'go on a picnic': 'basket', 'pick apples': 'red apple', snowman: 'snowman without snow',
  'make a snowman': 'snowman without snow', 'go swimming': 'person swimming', pink: 'pink heart',
  paint: 'paintbrush', 'sports meet': 'running shoe', Easter: 'rabbit face', Thanksgiving: 'turkey',
  Christmas: 'Christmas tree', kitten: 'cat face', diary: 'notebook with decorative cover',
  walk: 'person walking', climbing: 'person climbing', eating: 'fork and knife', jumping: 'kangaroo',
  drinking: 'cup with straw', sleeping: 'sleeping face', 'doing morning exercises': 'person cartwheeling',
  'eating lunch': 'bento box', 'reading a book': 'open book', 'listening to music': 'headphone',
  'talk quietly': 'shushing face', bamboo: 'tanabata tree', exhibition: 'framed picture', sushi: 'sushi',
  museum: 'classical building', 'post office': 'Japanese post office', bookstore: 'books', cinema: 'cinema',
  crossing: 'children crossing', restaurant: 'fork and knife with plate', pizza: 'pizza', street: 'motorway',
  subway: 'metro', helmet: 'rescue worker’s helmet', 'traffic lights': 'vertical traffic light', sled: 'sled',
  ferry: 'ferry', film: 'film frames', 'see a film': 'clapper board', supermarket: 'shopping cart',
  dictionary: 'closed book', comic: 'orange book', 'comic book': 'orange book', 'word book': 'notebook',
  'Mid-Autumn Festival': 'full moon', mooncake: 'moon cake', poem: 'scroll', puzzle: 'puzzle piece',
  hiking: 'hiking boot', jasmine: 'white flower', factory: 'factory', worker: 'construction worker',
  postman: 'postbox', businessman: 'person in suit levitating', fisherman: 'fishing pole',
  'head teacher': 'man teacher', sea: 'water wave', university: 'graduation cap',
  gym: 'person lifting weights', reporter: 'newspaper', secretary: 'office worker',
  'see a doctor': 'health worker', 'wear more clothes': 'scarf', mice: 'mouse', grass: 'herb', ant: 'ant',
  dinosaur: 'sauropod', hall: 'classical building', countryside: 'national park',
  'had a cold': 'sneezing face', magazine: 'newspaper', hotel: 'hotel', lamp: 'light bulb',
  'went camping': 'camping', 'went fishing': 'fishing pole', 'rode a horse': 'horse racing',
  'rode a bike': 'person biking', 'took pictures': 'camera with flash', mule: 'donkey',
  beach: 'beach with umbrella', basket: 'basket', 'dining hall': 'bento box', cycling: 'person biking',
  'go cycling': 'person biking', 'ice-skate': 'ice skate', badminton: 'badminton',
  internet: 'globe with meridians', race: 'chequered flag', cheetah: 'leopard',
};
Object.assign(ALIASES, BOOK_ALIASES, { fly: 'airplane departure', watch: 'eyes' });
/** Words whose same-named emoji shows something else (watch the verb is not a wristwatch). */
const NO_PICTURE = new Set(['pick', 'floor']);

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
  if (NO_PICTURE.has(key)) return undefined;
  const alias = ALIASES[word] ?? ALIASES[key];
  if (alias) return byLabel.get(alias.toLowerCase());
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

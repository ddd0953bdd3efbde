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

/**
 * Every area's messages, under the area's name: the shell's (the first route's), then the
 * screens' (loaded with the screens, `loadScreenMessages` in ./index.tsx). Add an area: write
 * `messages/<area>.ts` with `defineMessages({...})` and list it in one of the two.
 */
import { shellMessages } from './shellMessages';
import { screenMessages } from './screenMessages';

export const catalogue = { ...shellMessages, ...screenMessages };

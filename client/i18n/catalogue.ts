/**
 * Every area's messages, under the area's name. Add an area: write `messages/<area>.ts` with
 * `defineMessages({...})` and list it here.
 */
import { common } from './messages/common';

export const catalogue = {
  common,
};

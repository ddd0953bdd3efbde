/** The areas of the screens: loaded with each screen but the login page's (routes.tsx), not with the first route. */
import { record, sounds } from './messages/record';
import { listening } from './messages/listening';
import { textbooks } from './messages/textbooks';
import { classes } from './messages/classes';
import { signup } from './messages/signup';
import { tasks } from './messages/tasks';
import { mistakes } from './messages/mistakes';
import { dashboard } from './messages/dashboard';
import { weakWords } from './messages/weakWords';
import { players } from './messages/players';
import { account } from './messages/account';

export const screenMessages = { record, sounds, listening, textbooks, classes, signup, tasks, mistakes, dashboard, weakWords, players, account };

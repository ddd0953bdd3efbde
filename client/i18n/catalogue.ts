/**
 * Every area's messages, under the area's name. Add an area: write `messages/<area>.ts` with
 * `defineMessages({...})` and list it here.
 */
import { common } from './messages/common';
import { app, nav } from './messages/nav';
import { login } from './messages/login';
import { errors } from './messages/errors';
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

export const catalogue = {
  common,
  nav,
  app,
  login,
  errors,
  record,
  sounds,
  listening,
  textbooks,
  classes,
  signup,
  tasks,
  mistakes,
  dashboard,
  weakWords,
  players,
  account,
};

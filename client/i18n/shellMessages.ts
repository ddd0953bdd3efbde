/**
 * The areas the shell and the login page show (the bar, the app's panels, errors, the login
 * form): they come with the first route. tests/client/first-route.test.ts checks that the code
 * the first route loads uses no other area.
 */
import { common } from './messages/common';
import { app, nav } from './messages/nav';
import { login } from './messages/login';
import { errors } from './messages/errors';

export const shellMessages = { common, nav, app, login, errors };

/** Accounts in GraphQL: the viewer, signup and login. Thin adapters over users/service.ts. */
import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from '../errors.ts';
import { builder, viewerOf, type GraphQLContext } from '../graphql/builder.ts';
import type { Viewer } from '../deps.ts';
import { login, renewLogin, reportMailOf, setReportMail, signup, type UserRecord } from './service.ts';
import { signedUpText } from './rest.ts';
import { nameKey } from '../access.ts';
import { deprecatedFor, eitherOf } from '../tasks/enums.ts';
import { changePassword, deleteAccount, logout, logoutEverywhere } from './account.ts';

export const UserRef = builder.objectRef<Viewer>('User');

/** The viewer's mail settings, read once per request however many of them are selected. */
const mailSettings = new WeakMap<object, ReturnType<typeof reportMailOf>>();
const mailSettingsOf = (u: Viewer, ctx: GraphQLContext) => {
  let settings = mailSettings.get(ctx);
  if (!settings) mailSettings.set(ctx, (settings = reportMailOf(ctx.deps, u)));
  return settings;
};

builder.node(UserRef, {
  description: 'A WordBee account: a teacher or a student.',
  id: { resolve: (u) => u.id },
  // A user is visible to themselves only; teachers see their students through their classes.
  loadOne: (id, ctx) => (ctx.viewer && String(ctx.viewer.id) === id ? ctx.viewer : null),
  fields: (t) => ({
    username: t.exposeString('username', { description: 'As typed at signup.' }),
    isTeacher: t.exposeBoolean('isTeacher', { description: 'Teachers manage classes and assign tasks.' }),
    email: t.exposeString('email', { description: 'Where reports are e-mailed.' }),
    teachername: t.exposeString('teacherName', { description: "A student's teacher; a teacher's own username." }),
    tokenExpAt: t.exposeInt('tokenExpiresAt', {
      description: 'When the access token expires, in seconds since the epoch; 0 for an integration token, which does not expire.',
      deprecationReason: deprecatedFor('tokenExpiresAt'),
    }),
    tokenExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the access token expires; null for an integration token, which does not expire.',
      resolve: (u) => (u.tokenExpiresAt ? new Date(u.tokenExpiresAt * 1000) : null),
    }),
    reportMail: t.boolean({
      nullable: true,
      description: "Teachers: whether each student's report is e-mailed to them too (setReportMail); null for a student.",
      resolve: async (u, _a, ctx) => (await mailSettingsOf(u, ctx))?.each ?? null,
    }),
    reportDigest: t.boolean({
      nullable: true,
      description:
        'Teachers: whether they get one e-mail a day (at DIGEST_HOUR, 18:00 by default, school time) listing the tasks their students finished that day (setReportDigest); null for a student.',
      resolve: async (u, _a, ctx) => (await mailSettingsOf(u, ctx))?.digest ?? null,
    }),
  }),
});

const SetReportMailPayload = builder.objectRef<{ enabled: boolean }>('SetReportMailPayload').implement({
  description: "Whether each student's report is e-mailed to the teacher from now on.",
  fields: (t) => ({
    reportMail: t.exposeBoolean('enabled', { description: 'The setting now.' }),
    info: t.string({
      description: 'What changed, for the teacher.',
      resolve: (p) => (p.enabled ? "Each student's report is e-mailed to you" : 'Reports are no longer e-mailed to you; they stay in the Reports list'),
    }),
  }),
});

builder.mutationField('setReportMail', (t) =>
  t.field({
    type: SetReportMailPayload,
    description:
      "A teacher turns the e-mail of each student's report to them on or off (students always get their own). The Reports list keeps every report either way.",
    errors: { types: [ForbiddenError] },
    args: { enabled: t.arg.boolean({ required: true, description: 'True: e-mail each report to me too.' }) },
    resolve: async (_root, { enabled }, ctx) => ({ enabled: await setReportMail(ctx.deps, viewerOf(ctx), 'each', enabled) }),
  }),
);

const SetReportDigestPayload = builder.objectRef<{ enabled: boolean }>('SetReportDigestPayload').implement({
  description: 'Whether the teacher gets the daily summary from now on.',
  fields: (t) => ({
    reportDigest: t.exposeBoolean('enabled', { description: 'The setting now.' }),
    info: t.string({
      description: 'What changed, for the teacher.',
      resolve: (p, _a, ctx) =>
        p.enabled
          ? `A summary of the day's finished tasks is e-mailed to you at ${String(ctx.deps.config.digestHour).padStart(2, '0')}:00 on days your students finish tasks`
          : 'The daily summary is no longer e-mailed to you',
    }),
  }),
});

builder.mutationField('setReportDigest', (t) =>
  t.field({
    type: SetReportDigestPayload,
    description:
      "A teacher turns the daily summary on or off: one e-mail a day listing the tasks their students finished that day, class by class (besides or instead of each report's e-mail, setReportMail).",
    errors: { types: [ForbiddenError] },
    args: { enabled: t.arg.boolean({ required: true, description: 'True: e-mail me the daily summary.' }) },
    resolve: async (_root, { enabled }, ctx) => ({ enabled: await setReportMail(ctx.deps, viewerOf(ctx), 'digest', enabled) }),
  }),
);

builder.queryField('viewer', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null for a visitor (a token sent and refused is a 401).',
    resolve: (_root, _args, ctx) => ctx.viewer,
  }),
);

const SignupInput = builder.inputType('SignupInput', {
  description: 'Spec section 5: 4–30 characters each; a student names an existing teacher and class.',
  fields: (t) => ({
    username: t.string({ required: true, description: 'Letters, digits, "_" or "."; no "-".' }),
    password: t.string({ required: true, description: 'At least 4 characters; stored as an argon2id hash.' }),
    email: t.string({ required: true, description: 'Reports are sent here.' }),
    isTeacher: t.boolean({ required: true, description: 'Sign up as a teacher.' }),
    teachername: t.string({ description: "Students only: the teacher's username." }),
    className: t.string({ description: "Students only: the name of the teacher's class." }),
    classname: t.string({ description: "Students only: the name of the teacher's class.", deprecationReason: deprecatedFor('className') }),
    rostername: t.string({
      description:
        "Students only: which of the class's roster names is theirs (see `signupRoster`); blank: the name written as the username, or join without one where the class allows it.",
    }),
  }),
});

const SignupPayload = builder.objectRef<{ info: string; username: string }>('SignupPayload').implement({
  description: 'The account was created; the user can now log in.',
  fields: (t) => ({
    info: t.exposeString('info', { description: 'A sentence to show.' }),
    username: t.exposeString('username', { description: 'The new account, as typed.' }),
  }),
});

builder.mutationField('signup', (t) =>
  t.field({
    type: SignupPayload,
    description: 'Creates a teacher account, or a student account in an existing class.',
    errors: { types: [ValidationError, ConflictError, NotFoundError, RateLimitError] },
    args: { input: t.arg({ type: SignupInput, required: true, description: 'The new account.' }) },
    resolve: async (_root, { input: { className, classname, ...input } }, ctx) => {
      const signedUp = await signup(
        ctx.deps,
        { ...input, classname: eitherOf(className, classname, 'className', 'classname', (a, b) => nameKey(a) === nameKey(b)) },
        ctx.client.address,
      );
      return { info: signedUpText(signedUp), username: signedUp.username };
    },
  }),
);

const LoginInput = builder.inputType('LoginInput', {
  description: 'A username and its password.',
  fields: (t) => ({
    username: t.string({ required: true, description: 'Compared case-insensitively.' }),
    password: t.string({ required: true, description: 'As chosen at signup.' }),
  }),
});

const LoginPayload = builder.objectRef<UserRecord>('LoginPayload').implement({
  description: 'The user record the client keeps for the session (spec section 3).',
  fields: (t) => ({
    username: t.exposeString('username', { description: 'As typed at signup.' }),
    isTeacher: t.exposeBoolean('isTeacher', { description: 'Teachers manage classes and assign tasks.' }),
    accessToken: t.exposeString('accessToken', { description: 'Send as `x-access-token` or `Authorization: Bearer`.' }),
    teachername: t.exposeString('teachername', { description: "A student's teacher; a teacher's own username." }),
    tokenExpAt: t.exposeInt('tokenExpAt', { description: 'Seconds since the epoch.', deprecationReason: deprecatedFor('tokenExpiresAt') }),
    tokenExpiresAt: t.field({ type: 'DateTime', description: 'When the access token expires.', resolve: (u) => new Date(u.tokenExpAt * 1000) }),
  }),
});

builder.mutationField('login', (t) =>
  t.field({
    type: LoginPayload,
    description: 'Checks a username and password and issues an access token.',
    errors: { types: [ValidationError, AuthenticationError, RateLimitError] },
    args: { input: t.arg({ type: LoginInput, required: true, description: 'The credentials.' }) },
    resolve: (_root, { input }, ctx) => login(ctx.deps, input, ctx.client),
  }),
);

builder.mutationField('renewLogin', (t) =>
  t.field({
    type: LoginPayload,
    description:
      'Stay logged in: a new access token for the signed-in user, in place of one that will soon expire (the old one stays valid until its own expiry). A login can be renewed for LOGIN_MAX_HOURS (12 by default) after the password was typed; then it must log in again. Not for integration tokens.',
    errors: { types: [AuthenticationError, ForbiddenError] },
    resolve: (_root, _args, ctx) => renewLogin(ctx.deps, viewerOf(ctx)),
  }),
);

// ---------------------------------------------------------------- the account's life (users/account.ts)

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: 'The current password and a new one.',
  fields: (t) => ({
    oldPassword: t.string({ required: true, description: 'The current password.' }),
    newPassword: t.string({ required: true, description: 'The new password, under the signup rules (at least 4 characters).' }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.field({
    type: LoginPayload,
    description:
      "Changes the signed-in user's password after checking the current one, and ends every other login of the user on every server (their tokens are refused from now on). Returns a new token for this session, to use in place of the one sent. A wrong current password is a ValidationError (field oldPassword) and counts as a failed login. Not for integration tokens.",
    errors: { types: [ValidationError, ForbiddenError, RateLimitError] },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: 'The current and the new password.' }) },
    resolve: (_root, { input }, ctx) => changePassword(ctx.deps, viewerOf(ctx), input),
  }),
);

const LogoutPayload = builder.objectRef<{ everywhere: boolean }>('LogoutPayload').implement({
  description: 'The login has ended on the server.',
  fields: (t) => ({
    everywhere: t.exposeBoolean('everywhere', { description: 'True when every login of the user ended (logoutEverywhere, or a token too old to end alone).' }),
    info: t.string({ description: 'A sentence to show.', resolve: (p) => (p.everywhere ? 'Logged out everywhere' : 'Logged out') }),
  }),
});

builder.mutationField('logout', (t) =>
  t.field({
    type: LogoutPayload,
    description:
      "Ends this login on every server: the token sent, and the tokens renewed from the same login, are refused from now on. The user's other logins (other devices) go on. Not for integration tokens (their teacher revokes them).",
    errors: { types: [ForbiddenError] },
    resolve: (_root, _args, ctx) => logout(ctx.deps, viewerOf(ctx)),
  }),
);

builder.mutationField('logoutEverywhere', (t) =>
  t.field({
    type: LogoutPayload,
    description: 'Ends every login of the signed-in user, this one included, on every server. Integration tokens stay (their teacher revokes them).',
    errors: { types: [ForbiddenError] },
    resolve: async (_root, _args, ctx) => {
      await logoutEverywhere(ctx.deps, viewerOf(ctx));
      return { everywhere: true };
    },
  }),
);

const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
  description: 'The password, typed again to confirm.',
  fields: (t) => ({ password: t.string({ required: true, description: 'The current password.' }) }),
});

const DeleteAccountPayload = builder.objectRef<{ username: string }>('DeleteAccountPayload').implement({
  description: 'The account is gone, with every row about it (docs/security.md, Accounts).',
  fields: (t) => ({
    username: t.exposeString('username', { description: 'The username the account had.' }),
    info: t.string({ description: 'A sentence to show.', resolve: (p) => `The account ${p.username} and its data have been deleted` }),
  }),
});

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: DeleteAccountPayload,
    description:
      "Deletes the signed-in user's account and every row about them, after checking the password (docs/security.md, Accounts, lists what goes). A teacher's classes go with everything in them; their students' accounts stay. A student's claimed roster names are listed again, unclaimed. Every token of the account is refused from then on. A wrong password is a ValidationError (field password) and counts as a failed login. Not for integration tokens.",
    errors: { types: [ValidationError, ForbiddenError, RateLimitError] },
    args: { input: t.arg({ type: DeleteAccountInput, required: true, description: 'The password.' }) },
    resolve: (_root, { input }, ctx) => deleteAccount(ctx.deps, viewerOf(ctx), input),
  }),
);

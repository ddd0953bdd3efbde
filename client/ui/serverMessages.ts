/**
 * The server speaks English (its messages are the spec's and the API's); the screens speak
 * Chinese first. This is the one place that knows the server's sentences and error types and
 * gives each its Chinese from the catalogue (messages/errors.ts), the server's own English kept
 * beside it. A sentence not known here reads as a generic Chinese line with the server's English.
 *
 * Every form uses it: `const say = useServerMessage()` then
 * `setStatus({ text: say(reply.message, reply.__typename), tone: 'error' })`; outside React,
 * `serverMessage(lang, text, typename)`. A client-side zod message (the shared schemas) is the
 * same sentence as the server's and goes through it too.
 */
import { messageOf, fill, textOf, type MessageKey, type Values } from '../i18n';
import { useLanguage, type Language } from './language';
import type { Status } from './StatusLine';

type Rule = { pattern: RegExp; key: MessageKey; values?: (match: RegExpMatchArray) => Values };

const FIELDS: Record<string, MessageKey> = {
  Username: 'errors.fieldUsername',
  Password: 'errors.fieldPassword',
  Email: 'errors.fieldEmail',
  Teachername: 'errors.fieldTeachername',
  Classname: 'errors.fieldClassname',
};
/** The field's name in Chinese ('Username' → 用户名), as it is when unknown. */
const fieldZh = (name: string) => (FIELDS[name] ? messageOf(FIELDS[name]).zh : name);

/** The server's sentences (server/**: errors thrown and `info` replies), anchored, first match wins. */
const RULES: Rule[] = [
  { pattern: /^All four red color inputs are required$/, key: 'errors.allFourRequired' },
  { pattern: /^Username is required$/, key: 'errors.usernameRequired' },
  { pattern: /^Password is required$/, key: 'errors.passwordRequired' },
  { pattern: /^Email is required$/, key: 'errors.emailRequired' },
  { pattern: /^Teachername is required$/, key: 'errors.teachernameRequired' },
  { pattern: /^Classname is required$/, key: 'errors.classnameRequired' },
  { pattern: /^(\w+) must be at least (\d+) characters$/, key: 'errors.tooShort', values: (m) => ({ field: fieldZh(m[1]!), n: m[2]! }) },
  { pattern: /^(\w+) must be at most (\d+) characters$/, key: 'errors.tooLong', values: (m) => ({ field: fieldZh(m[1]!), n: m[2]! }) },
  { pattern: /^Username must not contain "-"$/, key: 'errors.noHyphen' },
  { pattern: /^Username may use only letters/, key: 'errors.usernameChars' },
  { pattern: /^Email must be a valid address$/, key: 'errors.emailInvalid' },
  { pattern: /^Wrong username or password$/, key: 'errors.wrongPassword' },
  { pattern: /^Your login has expired/, key: 'errors.loginExpired' },
  { pattern: /^Invalid access token/, key: 'errors.invalidToken' },
  { pattern: /^You logged in more than (\d+) hours?/, key: 'errors.loggedInLongAgo', values: (m) => ({ hours: m[1]! }) },
  { pattern: /^This account no longer exists/, key: 'errors.accountGone' },
  { pattern: /^This login has ended/, key: 'errors.loginEnded' },
  { pattern: /^Current password is wrong$/, key: 'errors.currentPasswordWrong' },
  { pattern: /^Current password is required$/, key: 'errors.currentPasswordRequired' },
  { pattern: /^Password is wrong$/, key: 'errors.passwordWrong' },
  { pattern: /^New password must differ/, key: 'errors.samePassword' },
  { pattern: /^The account (\S+) and its data have been deleted$/, key: 'errors.accountDeleted', values: (m) => ({ name: m[1]! }) },
  { pattern: /^Please log in/, key: 'errors.notLoggedIn' },
  { pattern: /^You are logged in as (\S+), not (\S+)$/, key: 'errors.loggedInAsOther', values: (m) => ({ viewer: m[1]!, name: m[2]! }) },
  { pattern: /^Too many failed logins .*wait (\d+) seconds/, key: 'errors.tooManyLogins', values: (m) => ({ seconds: m[1]! }) },
  { pattern: /^Too many sign-ups .*wait (\d+) seconds/, key: 'errors.tooManySignups', values: (m) => ({ seconds: m[1]! }) },
  { pattern: /^Teacher (.+) not found$/, key: 'errors.teacherNotFound', values: (m) => ({ name: m[1]! }) },
  { pattern: /^Class (.+) of teacher (.+) not found$/, key: 'errors.classOfTeacherNotFound', values: (m) => ({ name: m[1]!, teacher: m[2]! }) },
  { pattern: /^Class (.+) not found$/, key: 'errors.classNotFound', values: (m) => ({ name: m[1]! }) },
  { pattern: /^You already have a class named (.+)$/, key: 'errors.classExists', values: (m) => ({ name: m[1]! }) },
  { pattern: /^Class (.+) has no students yet$/, key: 'errors.classEmpty', values: (m) => ({ name: m[1]! }) },
  { pattern: /^Username (.+) is taken/, key: 'errors.usernameTaken', values: (m) => ({ name: m[1]! }) },
  {
    pattern: /^Student (.+) signed up to class (.+) as (.+), please login$/,
    key: 'errors.studentSignedUpAs',
    values: (m) => ({ name: m[1]!, className: m[2]!, rosterName: m[3]! }),
  },
  { pattern: /^Student (.+) signed up to class (.+), please login$/, key: 'errors.studentSignedUp', values: (m) => ({ name: m[1]!, className: m[2]! }) },
  { pattern: /^Teacher (.+) signed up, please login$/, key: 'errors.teacherSignedUp', values: (m) => ({ name: m[1]! }) },
  { pattern: /^This task is not in your task list/, key: 'errors.taskNotYours' },
  { pattern: /^This task is finished/, key: 'errors.taskFinished' },
  { pattern: /^This task id is not valid/, key: 'errors.taskIdInvalid' },
  { pattern: /^This task is not one of your classes/, key: 'errors.notYourClass' },
  { pattern: /^Unit (\S+) of book (\S+) has no words yet$/, key: 'errors.unitEmpty', values: (m) => ({ unit: m[1]!, book: m[2]! }) },
  { pattern: /^No words are due for review/, key: 'errors.nothingDue' },
  { pattern: /^The server is busy/, key: 'errors.busy' },
  { pattern: /^Only teachers can do this/, key: 'errors.teachersOnly' },
  { pattern: /^The URL must lead to a public address/, key: 'errors.webhookAddressRefused' },
  { pattern: /^The URL's host (\S+) could not be found$/, key: 'errors.webhookHostNotFound', values: (m) => ({ host: m[1]! }) },
];

/** GraphQL's typed errors, when the sentence itself is not one of the rules. */
const BY_TYPE: Record<string, MessageKey> = {
  ValidationError: 'errors.ValidationError',
  AuthenticationError: 'errors.AuthenticationError',
  ForbiddenError: 'errors.ForbiddenError',
  NotFoundError: 'errors.NotFoundError',
  ConflictError: 'errors.ConflictError',
  RateLimitError: 'errors.RateLimitError',
  BusyError: 'errors.BusyError',
};

/** The Chinese for a server sentence, or null when it is not known (nor its error type). */
export function chineseOf(text: string, typename?: string): string | null {
  const trimmed = text.trim();
  for (const rule of RULES) {
    const match = rule.pattern.exec(trimmed);
    if (match) return fill(messageOf(rule.key).zh, rule.values?.(match));
  }
  const byType = typename ? BY_TYPE[typename] : undefined;
  return byType ? messageOf(byType).zh : null;
}

/**
 * A server sentence as the page shows it: in Chinese mode 'Chinese · the server's English'
 * (unknown: '操作没有完成，服务器的说明 · English'); in English mode the server's English.
 */
export function serverMessage(lang: Language, text: string, typename?: string): string {
  if (lang === 'en') return text;
  // The server already said it Chinese first (roster names: '名单上没有“张伟” · …').
  if (/^[\u3400-\u9fff]/.test(text.trim())) return text;
  return `${chineseOf(text, typename) ?? messageOf('errors.serverSaid').zh} · ${text}`;
}

/** `say(text, typename?)`: serverMessage in the page's current language. */
export function useServerMessage(): (text: string, typename?: string) => string {
  const [lang] = useLanguage();
  return (text, typename) => serverMessage(lang, text, typename);
}

/** A mutation's typed answer that is not its payload: an error type with its message. */
type Refused = { readonly __typename: string; readonly message?: string | null };

/**
 * A form's refusals, the same on every form: `refusal.of(reply, fallback)` for a typed error
 * (its message through `say`; `fallback` for an error type this page was built before, or one
 * without a message) and `refusal.failed(error)` for a request that failed (the network, a
 * timeout, a refused token: Relay's onError) and `refusal.invalid(message)` for what the page's own
 * check of the form found (the shared schemas speak the server's sentences), each as the form's
 * status line.
 */
export function useRefusal(): {
  of(reply: Refused, fallback: MessageKey): NonNullable<Status>;
  failed(error: Error): NonNullable<Status>;
  invalid(message: string): NonNullable<Status>;
} {
  const [lang] = useLanguage();
  const say = (text: string, typename?: string) => serverMessage(lang, text, typename);
  return {
    of: (reply, fallback) => ({
      text: reply.__typename === '%other' || !reply.message ? textOf(lang, fallback) : say(reply.message, reply.__typename),
      tone: 'error',
    }),
    failed: (error) => ({ text: say(error.message), tone: 'error' }),
    invalid: (message) => ({ text: say(message, 'ValidationError'), tone: 'error' }),
  };
}

/**
 * Account inputs (spec section 5), shared by the server and the client's forms so both show
 * the same first message. All text is trimmed; every field is at most 30 characters.
 */
import { z } from 'zod';

export const MAX_INPUT = 30;
export const MIN_LENGTH = 4;

/**
 * C0 and C1 control characters (a line break, a tab, a carriage return…) and the Unicode line and
 * paragraph separators: no name needs one, and in an export a CR starts a new line that a
 * spreadsheet may read as a formula (results CSV).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The refinement every single-line text field gets, after trimming. */
export const noControlCharacters = (label: string) =>
  [(v: string) => !CONTROL_CHARACTERS.test(v), `${label} must not contain a line break, tab or other control character`] as const;

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(MAX_INPUT, `${label} must be at most ${MAX_INPUT} characters`)
    .refine(...noControlCharacters(label));

/** Usernames are also roster names and join task ids with '-', so no hyphen, comma or space. */
export const usernameSchema = text('Username')
  .min(1, 'Username is required')
  .min(MIN_LENGTH, `Username must be at least ${MIN_LENGTH} characters`)
  .refine((v) => !v.includes('-'), 'Username must not contain "-"')
  .refine((v) => /^[\p{L}\p{N}_.]+$/u.test(v), 'Username may use only letters, digits, "_" and "."');

export const passwordSchema = text('Password').min(1, 'Password is required').min(MIN_LENGTH, `Password must be at least ${MIN_LENGTH} characters`);

export const loginSchema = z.object({
  username: text('Username').min(1, 'Username is required').min(MIN_LENGTH, `Username must be at least ${MIN_LENGTH} characters`),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

const emailSchema = text('Email')
  .min(1, 'Email is required')
  .min(MIN_LENGTH, `Email must be at least ${MIN_LENGTH} characters`)
  // A valid address; the top-level domain is not checked (spec section 5).
  .refine((v) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/.test(v), 'Email must be a valid address');

const teacherFields = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  isTeacher: z.literal(true),
});

const studentFields = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  isTeacher: z.literal(false),
  teachername: text('Teachername').min(1, 'Teachername is required').min(MIN_LENGTH, `Teachername must be at least ${MIN_LENGTH} characters`),
  classname: text('Classname').min(1, 'Classname is required'),
  /** The roster name the student claims (a name the teacher listed); blank: the name written as the username, or none. */
  rostername: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().max(30, 'Roster name must be at most 30 characters')),
});

/** For a teacher only username, password and email are checked; a student also names a class. */
export const signupSchema = z.preprocess(
  (raw) => {
    if (raw && typeof raw === 'object') {
      const r = raw as Record<string, unknown>;
      const isTeacher = r.isTeacher === true || r.isTeacher === 'true';
      return isTeacher ? { username: r.username, password: r.password, email: r.email, isTeacher } : { ...r, isTeacher };
    }
    return raw;
  },
  z.discriminatedUnion('isTeacher', [teacherFields, studentFields]),
);
export type SignupInput = z.infer<typeof signupSchema>;

/** Change password: the current one, and a new one under the signup rules. */
export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: 'Current password is required' }).trim().min(1, 'Current password is required').max(200, 'Current password is wrong'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Deleting one's own account: the password, typed again. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Password is required' }).trim().min(1, 'Password is required').max(200, 'Password is wrong'),
});

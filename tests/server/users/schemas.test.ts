import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from '../../../server/users/schemas.ts';

const firstMessage = (schema: { safeParse(v: unknown): any }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

const student = { username: 'lily01', password: 'pass', email: 'lily@home', isTeacher: false, teachername: 'mrwang', classname: '3A' };
const teacher = { username: 'mrwang', password: 'pass', email: 'wang@school', isTeacher: true };

describe('login input (spec section 5)', () => {
  it.each([
    [{}, 'Username is required'],
    [{ username: '   ', password: 'abcd' }, 'Username is required'],
    [{ username: 'abc', password: 'abcd' }, 'Username must be at least 4 characters'],
    [{ username: 'a'.repeat(31), password: 'abcd' }, 'Username must be at most 30 characters'],
    [{ username: 'abcd' }, 'Password is required'],
    [{ username: 'abcd', password: 'abc' }, 'Password must be at least 4 characters'],
    [{ username: 'abcd', password: 'p'.repeat(31) }, 'Password must be at most 30 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(loginSchema, input)).toBe(message);
  });

  it('trims what it accepts', () => {
    expect(loginSchema.parse({ username: '  abcd ', password: ' pass ' })).toEqual({ username: 'abcd', password: 'pass' });
  });
});

describe('signup input (spec section 5)', () => {
  it.each([
    [{ ...student, username: '' }, 'Username is required'],
    [{ ...student, username: 'abc' }, 'Username must be at least 4 characters'],
    [{ ...student, username: 'ab-cd' }, 'Username must not contain "-"'],
    [{ ...student, username: 'ab cd' }, 'Username may use only letters, digits, "_" and "."'],
    [{ ...student, username: 'a'.repeat(31) }, 'Username must be at most 30 characters'],
    [{ ...student, password: '' }, 'Password is required'],
    [{ ...student, password: 'abc' }, 'Password must be at least 4 characters'],
    [{ ...student, email: '' }, 'Email is required'],
    [{ ...student, email: 'a@b' }, 'Email must be at least 4 characters'],
    [{ ...student, email: 'lily.home' }, 'Email must be a valid address'],
    [{ ...student, email: 'li ly@home' }, 'Email must be a valid address'],
    [{ ...student, teachername: '' }, 'Teachername is required'],
    [{ ...student, teachername: 'abc' }, 'Teachername must be at least 4 characters'],
    [{ ...student, classname: ' ' }, 'Classname is required'],
    [{ ...student, classname: 'c'.repeat(31) }, 'Classname must be at most 30 characters'],
  ])('student %j → %s', (input, message) => {
    expect(firstMessage(signupSchema, input)).toBe(message);
  });

  it('accepts an e-mail without a top-level domain', () => {
    expect(firstMessage(signupSchema, { ...student, email: 'lily@home' })).toBeNull();
  });

  it('checks only username, password and email for a teacher', () => {
    expect(signupSchema.parse({ ...teacher, teachername: 'x', classname: '' })).toEqual(teacher);
  });

  it('trims every text input', () => {
    expect(signupSchema.parse({ ...student, username: ' lily01 ', classname: ' 3A ' })).toMatchObject({ username: 'lily01', classname: '3A' });
  });
});

/**
 * Signup (spec screen 5): a teacher gives username, password and email; a student also names
 * an existing teacher and class. The same zod schema as the server gives the first message.
 */
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { Link } from 'wouter';
import { signupSchema } from '../../../server/users/schemas';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { SignupMutation } from './__generated__/SignupMutation.graphql';
import { pointAtField } from '../../ui/forms';

export default function Signup() {
  const [form, setForm] = useState({ username: '', password: '', email: '', teachername: '', classname: '' });
  const [isTeacher, setIsTeacher] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [commit, inFlight] = useMutation<SignupMutation>(graphql`
    mutation SignupMutation($input: SignupInput!) {
      signup(input: $input) {
        __typename
        ... on SignupPayload {
          info
        }
        ... on ValidationError {
          message
        }
        ... on ConflictError {
          message
        }
        ... on NotFoundError {
          message
        }
        ... on RateLimitError {
          message
        }
      }
    }
  `);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const parsed = signupSchema.safeParse({ ...form, isTeacher });
    if (!parsed.success) {
      setStatus({ text: parsed.error.issues[0]!.message, tone: 'error' });
      pointAtField(formElement, parsed.error.issues[0]!.path[0]);
      return;
    }
    setStatus({ text: 'Signing up…', tone: 'info' });
    commit({
      variables: { input: parsed.data },
      onCompleted: ({ signup }) => {
        if (signup.__typename === 'SignupPayload') {
          sessionStorage.removeItem('classList');
          setStatus({ text: signup.info, tone: 'success' });
          setDone(true);
        } else {
          setStatus({ text: signup.__typename === '%other' ? 'Signing up failed; please try again' : signup.message, tone: 'error' });
        }
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };

  return (
    <section className="card narrow">
      <h1>Signup · 注册</h1>
      <form onSubmit={submit} noValidate>
        <TextField label="Username" name="username" placeholder="Username (4+ letters)" autoComplete="username" mandatory value={form.username} onValue={set('username')} />
        <TextField label="Password" name="password" type="password" placeholder="Password (4+ letters)" autoComplete="new-password" mandatory value={form.password} onValue={set('password')} />
        <TextField label="Email" name="email" type="email" placeholder="Email (to receive report)" autoComplete="email" mandatory value={form.email} onValue={set('email')} />
        <label className="checkbox">
          <input type="checkbox" name="isTeacher" checked={isTeacher} onChange={(e) => setIsTeacher(e.target.checked)} />
          Sign up as a teacher · 教师注册
        </label>
        {!isTeacher && (
          <>
            <TextField label="Teachername" name="teachername" placeholder="Your teacher's username" mandatory value={form.teachername} onValue={set('teachername')} />
            <TextField label="Classname" name="classname" placeholder="Your class name" mandatory value={form.classname} onValue={set('classname')} />
          </>
        )}
        <button type="submit" className="button primary" disabled={inFlight}>
          Signup
        </button>
      </form>
      <StatusLine status={status} />
      {done && (
        <p>
          <Link href="/login" className="button">
            Go to Login · 去登录
          </Link>
        </p>
      )}
    </section>
  );
}

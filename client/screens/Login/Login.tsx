/** Login (spec screen 4): username and password, a Login button and a status line. */
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { Link, useLocation, useSearch } from 'wouter';
import { startSession } from '../../session';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { LoginMutation } from './__generated__/LoginMutation.graphql';
import { pointAtField } from '../../ui/forms';

/**
 * The shared schemas bring zod (25 KB gzip): not loaded with the page, to keep the first route
 * under its 150 KB budget (README, Performance), but as the student starts typing, so that on a
 * slow network Login does not wait for them.
 */
const loadSchemas = () => import('../../../server/users/schemas');

export default function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const next = search.get('next');
  const expired = search.get('expired') === '1';
  const [commit, inFlight] = useMutation<LoginMutation>(graphql`
    mutation LoginMutation($input: LoginInput!) {
      login(input: $input) {
        __typename
        ... on LoginPayload {
          username
          isTeacher
          accessToken
          teachername
          tokenExpAt
        }
        ... on ValidationError {
          message
        }
        ... on AuthenticationError {
          message
        }
        ... on RateLimitError {
          message
        }
      }
    }
  `);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    setStatus({ text: 'Logging in…', tone: 'info' });
    let loginSchema: Awaited<ReturnType<typeof loadSchemas>>['loginSchema'];
    try {
      ({ loginSchema } = await loadSchemas());
    } catch {
      // Offline before the first submit: said here, the page and what was typed stay.
      setStatus({ text: 'Cannot reach the WordBee server. Check the connection and try again.', tone: 'error' });
      return;
    }
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setStatus({ text: parsed.error.issues[0]!.message, tone: 'error' });
      pointAtField(formElement, parsed.error.issues[0]!.path[0]);
      return;
    }
    commit({
      variables: { input: parsed.data },
      onCompleted: ({ login }) => {
        if (login.__typename === 'LoginPayload') {
          const { __typename, ...user } = login;
          startSession(user);
          navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/task');
        } else {
          setStatus({ text: login.__typename === '%other' ? 'Logging in failed; please try again' : login.message, tone: 'error' });
        }
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };

  return (
    <section className="card narrow">
      <h1>Login · 登录</h1>
      {expired && (
        <p className="status status-error" role="alert">
          Your login expired, please log in again · 登录已过期，请重新登录
        </p>
      )}
      {next && <p className="hint">Please log in to open {next}.</p>}
      <form onSubmit={submit} onInput={() => void loadSchemas().catch(() => {})} noValidate>
        <TextField label="Username" name="username" autoComplete="username" mandatory value={username} onValue={setUsername} autoFocus />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" mandatory value={password} onValue={setPassword} />
        <button type="submit" className="button primary" disabled={inFlight}>
          Login
        </button>
      </form>
      <StatusLine status={status} />
      <p className="hint">
        New here? <Link href="/signup">Sign up · 注册</Link> — or try <strong>demoteacher</strong> / <strong>demostudent</strong> (password = username).
      </p>
    </section>
  );
}

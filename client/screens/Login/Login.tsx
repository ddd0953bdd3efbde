/** Login (spec screen 4): username and password, a Login button and a status line. */
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { Link, useLocation, useSearch } from 'wouter';
import { startSession, userRecordOf } from '../../session';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { LoginMutation } from './__generated__/LoginMutation.graphql';
import { pointAtField } from '../../ui/forms';
import { T, useT } from '../../i18n';
import { useRefusal } from '../../ui/serverMessages';

/**
 * The shared schemas bring zod (25 KB gzip): not loaded with the page, to keep the first route
 * under its 150 KB budget (docs/performance.md), but as the student starts typing, so that on a
 * slow network Login does not wait for them.
 */
const loadSchemas = () => import('../../../server/users/schemas');

export default function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [, navigate] = useLocation();
  const { t } = useT();
  const refusal = useRefusal();
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
          tokenExpiresAt
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
    setStatus({ text: t('login.loggingIn'), tone: 'info' });
    let loginSchema: Awaited<ReturnType<typeof loadSchemas>>['loginSchema'];
    try {
      ({ loginSchema } = await loadSchemas());
    } catch {
      // Offline before the first submit: said here, the page and what was typed stay.
      setStatus({ text: t('errors.unreachable'), tone: 'error' });
      return;
    }
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setStatus(refusal.invalid(parsed.error.issues[0]!.message));
      pointAtField(formElement, parsed.error.issues[0]!.path[0]);
      return;
    }
    commit({
      variables: { input: parsed.data },
      onCompleted: ({ login }) => {
        if (login.__typename === 'LoginPayload') {
          startSession(userRecordOf(login));
          navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/task');
        } else {
          setStatus(refusal.of(login, 'login.failed'));
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card narrow">
      <h1>
        <T k="login.title" />
      </h1>
      {expired && (
        <p className="status status-error" role="alert">
          <T k="login.expired" />
        </p>
      )}
      {next && (
        <p className="hint">
          <T k="login.toOpen" values={{ page: next }} />
        </p>
      )}
      <form onSubmit={submit} onInput={() => void loadSchemas().catch(() => {})} noValidate>
        <TextField label={<T k="login.username" />} name="username" autoComplete="username" mandatory value={username} onValue={setUsername} autoFocus />
        <TextField
          label={<T k="login.password" />}
          name="password"
          type="password"
          autoComplete="current-password"
          mandatory
          value={password}
          onValue={setPassword}
        />
        <button type="submit" className="button primary" disabled={inFlight}>
          <T k="login.submit" />
        </button>
      </form>
      <StatusLine status={status} />
      <p className="hint">
        <Link href="/signup">
          <T k="login.newHere" />
        </Link>
      </p>
      <p className="hint">
        <T k="login.demo" values={{ teacher: 'demoteacher', student: 'demostudent' }} />
      </p>
    </section>
  );
}

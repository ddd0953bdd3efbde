/**
 * Signup (spec screen 5): a teacher gives username, password and email; a student also names
 * an existing teacher and class, then chooses which name on the class's roster is theirs (the
 * names nobody has claimed yet), or joins under their username where the class allows it. The
 * same zod schema as the server gives the first message.
 */
import { useRefusal, useServerMessage } from '../../ui/serverMessages';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import { Link } from 'wouter';
import { signupSchema } from '../../../server/users/schemas';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { SignupMutation } from './__generated__/SignupMutation.graphql';
import type { SignupRosterQuery, SignupRosterQuery$data } from './__generated__/SignupRosterQuery.graphql';
import { pointAtField } from '../../ui/forms';
import { T, useT } from '../../i18n';

/** 'not listed': the student joins under their username. */
const NOT_LISTED = '\u0000';

export default function Signup() {
  const [form, setForm] = useState({ username: '', password: '', email: '', teachername: '', classname: '' });
  const [isTeacher, setIsTeacher] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [done, setDone] = useState(false);
  const [rostername, setRostername] = useState('');
  const [roster, setRoster] = useState<SignupRosterQuery$data['signupRoster'] | undefined>(undefined);
  const { t } = useT();
  const refusal = useRefusal();
  const say = useServerMessage();
  const environment = useRelayEnvironment();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  // The class's unclaimed names, once both the teacher and the class are typed (a moment after the last key).
  const teachername = form.teachername.trim();
  const classname = form.classname.trim();
  useEffect(() => {
    setRoster(undefined);
    setRostername('');
    if (isTeacher || teachername.length < 4 || !classname) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<SignupRosterQuery>(
        environment,
        graphql`
          query SignupRosterQuery($teachername: String!, $className: String!) {
            signupRoster(teachername: $teachername, className: $className) {
              className
              names
              joinWithoutRoster
            }
          }
        `,
        { teachername, className: classname },
        { fetchPolicy: 'network-only' },
      )
        .toPromise()
        .then((data) => live && setRoster(data?.signupRoster ?? null))
        .catch(() => live && setRoster(undefined));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [environment, isTeacher, teachername, classname]);

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

  const mustChoose = Boolean(roster && roster.names.length > 0 && !rostername);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const chosen = rostername === NOT_LISTED ? '' : rostername;
    const parsed = signupSchema.safeParse({ ...form, isTeacher, rostername: chosen });
    if (!parsed.success) {
      setStatus(refusal.invalid(parsed.error.issues[0]!.message));
      pointAtField(formElement, parsed.error.issues[0]!.path[0]);
      return;
    }
    if (!isTeacher && mustChoose) {
      setStatus({ text: t('signup.pickName'), tone: 'error' });
      pointAtField(formElement, 'rostername');
      return;
    }
    setStatus({ text: t('signup.signingUp'), tone: 'info' });
    // The form keeps the spec's field name (classname); the API spells it className.
    const { classname: className, ...input } = parsed.data as typeof parsed.data & { classname?: string };
    commit({
      variables: { input: { ...input, className } },
      onCompleted: ({ signup }) => {
        if (signup.__typename === 'SignupPayload') {
          sessionStorage.removeItem('classList');
          setStatus({ text: say(signup.info), tone: 'success' });
          setDone(true);
        } else {
          setStatus(refusal.of(signup, 'signup.failed'));
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card narrow">
      <h1>
        <T k="signup.title" />
      </h1>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('signup.username')}
          name="username"
          placeholder="Username (4+ letters)"
          autoComplete="username"
          mandatory
          value={form.username}
          onValue={set('username')}
        />
        <TextField
          label={t('signup.password')}
          name="password"
          type="password"
          placeholder="Password (4+ letters)"
          autoComplete="new-password"
          mandatory
          value={form.password}
          onValue={set('password')}
        />
        <TextField
          label={t('signup.email')}
          name="email"
          type="email"
          placeholder="Email (to receive report)"
          autoComplete="email"
          mandatory
          value={form.email}
          onValue={set('email')}
        />
        <label className="checkbox">
          <input type="checkbox" name="isTeacher" checked={isTeacher} onChange={(e) => setIsTeacher(e.target.checked)} />
          <span>
            <T k="signup.asTeacher" />
          </span>
        </label>
        {!isTeacher && (
          <>
            <TextField
              label={t('signup.teachername')}
              name="teachername"
              placeholder={t('signup.teachernamePlaceholder')}
              mandatory
              value={form.teachername}
              onValue={set('teachername')}
            />
            <TextField
              label={t('signup.classname')}
              name="classname"
              placeholder={t('signup.classnamePlaceholder')}
              mandatory
              value={form.classname}
              onValue={set('classname')}
            />
            {roster === null && (
              <p className="hint">
                <T k="signup.classNotFound" />
              </p>
            )}
            {roster && (
              <div className="field">
                {roster.names.length > 0 ? (
                  <label className="field">
                    <span className="field-label">
                      <T k="signup.whichName" /> <span className="mandatory-mark">*</span>
                    </span>
                    <select name="rostername" className="mandatory" value={rostername} onChange={(e) => setRostername(e.target.value)}>
                      <option value="">{t('signup.chooseName')}</option>
                      {roster.names.map((name) => (
                        <option key={name} value={name} lang="zh-CN">
                          {name}
                        </option>
                      ))}
                      {roster.joinWithoutRoster && <option value={NOT_LISTED}>{t('signup.notListed')}</option>}
                    </select>
                  </label>
                ) : (
                  <p className="hint">
                    <T k="signup.noNamesLeft" />
                  </p>
                )}
                {(rostername === NOT_LISTED || roster.names.length === 0) && roster.joinWithoutRoster && (
                  <p className="hint">
                    <T k="signup.joinAsUsername" />
                  </p>
                )}
                {!roster.joinWithoutRoster && (
                  <p className="hint">
                    <T k="signup.onlyListed" />
                  </p>
                )}
              </div>
            )}
          </>
        )}
        <button type="submit" className="button primary" disabled={inFlight}>
          <T k="signup.submit" />
        </button>
      </form>
      <StatusLine status={status} />
      {done && (
        <p>
          <Link href="/login" className="button">
            <T k="signup.goLogin" />
          </Link>
        </p>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import { taskInProgress } from './player/useLeaveGuard';
import { graphql, useMutation } from 'react-relay/hooks';
import { minutesLeft, startSession, userRecordOf, useSession } from '../session';
import { reconnectLive } from '../RelayEnvironment';
import { T, useT } from '../i18n';
import { useServerMessage } from './serverMessages';
import type { ExpiryWarningRenewMutation } from './__generated__/ExpiryWarningRenewMutation.graphql';

/** How long before the login runs out every page says so. */
const WARN_BEFORE_MS = 5 * 60_000;

/**
 * A few minutes before the login runs out (spec: the session ends at the token's expiry), every
 * page says so, so that a student in the middle of a task can finish and save it first, and
 * offers to stay logged in (renewLogin: a new token for the same login, for LOGIN_MAX_HOURS
 * after the password was typed). Ignored, the session ends at expiry as the spec says — except
 * in the middle of a task: a student answering is there, and the expiry would throw the task
 * away, so the login is renewed without asking (once per token).
 */
export function ExpiryWarning() {
  const user = useSession();
  const [now, setNow] = useState(Date.now());
  const [refusal, setRefusal] = useState<string | null>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const { t } = useT();
  const say = useServerMessage();
  const [commit, inFlight] = useMutation<ExpiryWarningRenewMutation>(graphql`
    mutation ExpiryWarningRenewMutation {
      renewLogin {
        __typename
        ... on LoginPayload {
          username
          isTeacher
          accessToken
          teachername
          tokenExpiresAt
        }
        ... on AuthenticationError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(tick);
  }, []);
  function stay() {
    commit({
      variables: {},
      onCompleted: ({ renewLogin }) => {
        if (renewLogin.__typename !== 'LoginPayload') {
          setRefusal(renewLogin.__typename === '%other' ? t('app.renewFailed') : say(renewLogin.message, renewLogin.__typename));
          return;
        }
        // The warning and its button go away: the keyboard goes on from the page's start.
        if (stayButton.current === document.activeElement) document.getElementById('main')?.focus({ preventScroll: true });
        setRefusal(null);
        startSession(userRecordOf(renewLogin));
        setNow(Date.now());
        // The live views' connection was opened with the old token: open it again with the new one.
        reconnectLive();
      },
      onError: (error) => setRefusal(say(error.message)),
    });
  }
  const warning = Boolean(user && user.tokenExpAt * 1000 - now <= WARN_BEFORE_MS);
  const renewedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!warning || !user || !taskInProgress() || renewedFor.current === user.accessToken) return;
    renewedFor.current = user.accessToken;
    stay();
  });
  if (!user || !warning) return null;
  const left = minutesLeft(user, now);
  return (
    <div className="status status-error expiry-warning" role="alert">
      <p>{left < 1 ? <T k="app.expiresNow" /> : left === 1 ? <T k="app.expiresInOne" /> : <T k="app.expiresSoon" values={{ minutes: left }} />}</p>
      {refusal ? (
        <p>
          {refusal} · <T k="app.pleaseLogInAgain" />
        </p>
      ) : (
        <button ref={stayButton} type="button" className="button primary small" onClick={() => !inFlight && stay()} aria-disabled={inFlight}>
          {inFlight ? <T k="app.renewing" /> : <T k="app.stayLoggedIn" />}
        </button>
      )}
    </div>
  );
}

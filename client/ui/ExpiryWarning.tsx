import { useEffect, useState } from 'react';
import { minutesLeft, useSession } from '../session';

/** How long before the login runs out every page says so. */
const WARN_BEFORE_MS = 5 * 60_000;

/**
 * A few minutes before the login runs out (spec: the session ends at the token's expiry), every
 * page says so, so that a student in the middle of a task can finish and save it first.
 */
export function ExpiryWarning() {
  const user = useSession();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(tick);
  }, []);
  if (!user || user.tokenExpAt * 1000 - now > WARN_BEFORE_MS) return null;
  const left = minutesLeft(user, now);
  return (
    <p className="status status-error expiry-warning" role="alert">
      Your login expires in {left < 1 ? 'less than a minute' : `${left} minute${left === 1 ? '' : 's'}`}: finish and save what you are doing, then log in again · 登录即将过期
    </p>
  );
}

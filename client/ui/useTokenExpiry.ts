import { useEffect, useState } from 'react';
import { minutesLeft, scheduleExpiry, type UserRecord } from '../session';
import { useT } from '../i18n';

/**
 * 'user auth will expire in N minutes' after the task list loads, with the timer that ends the
 * session at expiry (spec section 4, Token expiry). The minutes tick down while the page is open.
 */
export function useTokenExpiry(user: UserRecord | null): string | null {
  const [now, setNow] = useState(Date.now());
  const { t } = useT();
  useEffect(() => {
    if (!user) return;
    scheduleExpiry(user);
    const tick = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(tick);
  }, [user]);
  return user ? t('app.authExpiresIn', { minutes: minutesLeft(user, now) }) : null;
}

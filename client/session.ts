/**
 * The session, kept in sessionStorage as the spec describes (key 'user' and friends), with a
 * tiny subscription so components re-render when it changes, and the token-expiry timer.
 */
import { useSyncExternalStore } from 'react';

export type UserRecord = {
  username: string;
  isTeacher: boolean;
  accessToken: string;
  teachername: string;
  /** Seconds since the epoch. */
  tokenExpAt: number;
};

export type LoginMode = 'teacher' | 'student' | 'visitor';

const USER_KEY = 'user';
const TIMER_KEY = 'tokenTimerId';
const listeners = new Set<() => void>();
let cached: { raw: string | null; user: UserRecord | null } = { raw: null, user: null };

function notify() {
  for (const listener of listeners) listener();
}

export function readUser(): UserRecord | null {
  const raw = sessionStorage.getItem(USER_KEY);
  if (raw !== cached.raw) {
    let user: UserRecord | null;
    try {
      user = raw ? (JSON.parse(raw) as UserRecord) : null;
    } catch {
      user = null;
    }
    cached = { raw, user };
  }
  return cached.user;
}

export function modeOf(user: UserRecord | null): LoginMode {
  if (!user) return 'visitor';
  return user.isTeacher ? 'teacher' : 'student';
}

export function useSession(): UserRecord | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readUser);
}

/** A session-storage value other screens share (e.g. 'selectedClassname'), reactive. */
export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sessionStorage.getItem(key),
  );
}

export function setStoredValue(key: string, value: string | null): void {
  if (value === null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, value);
  notify();
}

/** A LoginPayload as the session keeps it: without Relay's type name, its expiry in the spec's epoch seconds. */
export const userRecordOf = ({
  __typename,
  tokenExpiresAt,
  ...user
}: Omit<UserRecord, 'tokenExpAt'> & { readonly __typename: string; readonly tokenExpiresAt: string }): UserRecord => ({
  ...user,
  tokenExpAt: Math.floor(Date.parse(tokenExpiresAt) / 1000),
});

const startListeners = new Set<(user: UserRecord) => void>();

/**
 * Runs `listener` after every startSession (a login, a renewal, a password change): main.tsx
 * selects a teacher's kept class again with it, so the session needs to know nothing of screens.
 */
export function onSessionStart(listener: (user: UserRecord) => void): void {
  startListeners.add(listener);
}

export function startSession(user: UserRecord): void {
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  scheduleExpiry(user);
  notify();
  for (const listener of startListeners) listener(user);
}

/** Logout (spec section 2): clear all session storage and go to /login. */
export function endSession(): void {
  leaveSession('/login');
}

/**
 * The Logout button: the server ends this login (every instance refuses its token from then on),
 * then the session ends here as endSession. The request goes out with `keepalive` and is not
 * waited for: a server that cannot be reached never keeps anyone logged in on this device.
 */
export function logOut(): void {
  const token = readUser()?.accessToken;
  if (token) {
    try {
      void fetch('/graphql', {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify({ query: 'mutation Logout { logout { __typename } }' }),
      }).catch(() => {});
    } catch {
      // No fetch at all: the local logout still happens.
    }
  }
  endSession();
}

/**
 * The token ran out (or the server refused it: revoked, the account gone): as a logout, and the
 * login page says why and leads back to this page.
 */
export function expireSession(): void {
  const here = location.pathname;
  leaveSession(`/login?expired=1${here !== '/login' ? `&next=${encodeURIComponent(here)}` : ''}`);
}

function leaveSession(to: string): void {
  const timer = Number(sessionStorage.getItem(TIMER_KEY));
  if (timer) clearTimeout(timer);
  sessionStorage.clear();
  // Until the next page replaces this one, this page's code still runs (a reply or a socket event
  // arriving): whatever it writes is wiped as the page goes, so the next page starts empty.
  window.addEventListener('pagehide', () => sessionStorage.clear(), { once: true });
  // A full load drops the previous user's cached data and live connection with the page.
  location.assign(to);
}

/** Whole minutes until the token expires (spec: 'user auth will expire in N minutes'). */
export function minutesLeft(user: UserRecord, now = Date.now()): number {
  return Math.max(0, Math.floor((user.tokenExpAt * 1000 - now) / 60_000));
}

/**
 * At expiry the session is cleared and the browser goes to /login. The timer id is kept in
 * session storage and a previous timer is cleared first (spec section 4, Token expiry).
 */
export function scheduleExpiry(user: UserRecord): void {
  const previous = Number(sessionStorage.getItem(TIMER_KEY));
  if (previous) clearTimeout(previous);
  const delay = user.tokenExpAt * 1000 - Date.now();
  if (delay <= 0) {
    expireSession();
    return;
  }
  // setTimeout's limit is 2^31-1 ms (~24.8 days); tokens never live that long.
  const id = window.setTimeout(expireSession, Math.min(delay, 2 ** 31 - 1));
  sessionStorage.setItem(TIMER_KEY, String(id));
}

/**
 * Browsers that have logged in before ("device cookies", OWASP's answer to lockouts): after a
 * successful login the browser keeps a cookie that names it (a random id) and, for each name
 * that logged in from it, a tag: an HMAC of the id and the name under the server's secret, so a
 * tag cannot be made without a real login. A login whose browser carries the name's tag is
 * trusted: it is held only by its own failures (key `device:<tag>`), not by the name's lock or
 * the network's, which are for everyone else. Someone guessing a teacher's password from
 * elsewhere locks the name for strangers, and the teacher, on the browser she always uses,
 * still logs in with the right password at once (server/users/throttle.ts).
 *
 * One cookie per browser with the tags of the last MAX_NAMES names that logged in from it: a
 * computer room's machine is shared by a class.
 */
import { randomBytes } from 'node:crypto';

export const DEVICE_COOKIE = 'wb_device';
/** How long a browser stays trusted after its last login (seconds). */
export const DEVICE_MAX_AGE_SEC = 180 * 24 * 3600;
const MAX_NAMES = 50;

export type Device = { id: string; tags: string[] };

const PART = /^[A-Za-z0-9_-]{8,32}$/;

/** The cookie's value as the browser sent it, or undefined when it is absent or not ours. */
export function parseDevice(value: string | undefined): Device | undefined {
  const [id, ...tags] = (value ?? '').split('.');
  if (!id || !PART.test(id) || tags.length > MAX_NAMES || !tags.every((t) => PART.test(t))) return undefined;
  return { id, tags };
}

export const formatDevice = (device: Device): string => [device.id, ...device.tags].join('.');

/** A browser seen for the first time. */
export const newDevice = (): Device => ({ id: randomBytes(12).toString('base64url'), tags: [] });

/** The device after a login of the name with `tag`: that tag last, the oldest dropped past MAX_NAMES. */
export function withTag(device: Device, tag: string): Device {
  const tags = [...device.tags.filter((t) => t !== tag), tag].slice(-MAX_NAMES);
  return { id: device.id, tags };
}

/**
 * How a login reaches the service from its transport: the network address (throttling), the
 * browser's device cookie, and where to hand the cookie to set after a successful login.
 */
export type LoginClient = {
  address?: string;
  device?: Device;
  trust?: (device: Device) => void;
};

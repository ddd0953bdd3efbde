/**
 * Whether the WordBee server answers: its health check, within five seconds. The browser's own
 * `navigator.onLine` only says a network is there; a phone on school Wi-Fi that does not reach
 * the server, or a server restarting, is "online" too, and loading the page again then shows the
 * browser's error page instead of WordBee's panel (and loses what was typed).
 */
export async function serverAnswers(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    const reply = await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    return reply.ok;
  } catch {
    return false;
  }
}

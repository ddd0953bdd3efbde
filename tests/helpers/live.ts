/** A graphql-ws client for tests: subscribes and collects events until told to stop. */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { ClassEvent } from '../../server/live/pubsub.ts';

export function subscribe(url: string, token: string, query: string, variables: Record<string, unknown>) {
  const events: any[] = [];
  const errors: unknown[] = [];
  const client = createClient({
    url: url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { accessToken: token },
    retryAttempts: 0,
    lazy: false,
  });
  const dispose = client.subscribe(
    { query, variables },
    { next: (v) => (v.errors ? errors.push(...v.errors) : events.push(v.data)), error: (e) => errors.push(e), complete: () => {} },
  );
  return {
    events,
    errors,
    close: async () => {
      dispose();
      await client.dispose();
    },
  };
}

export async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An answer event of a class, as the result post publishes it (live tests and bench/fanout.ts). */
export function answerEvent(classId: number, word: string, id = `answer:${classId}:${word}:${Math.random()}`): ClassEvent {
  return {
    id,
    kind: 'answer',
    at: new Date(),
    classId,
    student: `pupil of ${classId}`,
    taskId: 'NS2022-ES3-1-SB-demoteacher',
    bookUnitId: 'NS2022-ES3',
    type: 'SB',
    position: 1,
    word,
    typed: word,
    status: 'v',
    score: null,
  };
}

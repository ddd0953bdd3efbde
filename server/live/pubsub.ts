/**
 * Live events (DESIGN, Live results): one PubSub interface, in-process by default, Redis when
 * REDIS_URL is set so several server instances share what happens in a class.
 */
import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { closeRedis, redisClient } from '../redis.ts';

/** Something that happened in a class, as the teacher's live view shows it. */
export type ClassEvent = {
  /** Stable across replay and live delivery, so a client can drop what it has already shown. */
  id: string;
  /** bookFinished: a student finished the last unit of a book, so no next task came. */
  kind: 'answer' | 'finished' | 'bookFinished';
  at: Date;
  classId: number;
  student: string;
  /** The account that claimed the roster name. */
  studentUsername?: string | null;
  taskId: string;
  bookUnitId: string;
  type: string;
  position: number | null;
  word: string | null;
  typed: string | null;
  status: string | null;
  score: number | null;
  /** bookFinished: the book's title. */
  bookTitle?: string | null;
  /** A finished Pronunciation Assessment: its words that were not said well, in text order. */
  practise?: string[] | null;
};

/**
 * Logins that ended (logout, log out everywhere, a password change, a deleted account): every
 * instance closes the live connections they opened. `sid`: that login only; else every login of
 * the user but `exceptSid` (the session that changed the password goes on).
 */
export type EndedLogins = { userId: number; sid?: string; exceptSid?: string };

type Channels = { 'class:activity': [classId: number, event: ClassEvent]; 'logins:ended': [EndedLogins] };

export type LiveEvents = {
  publish(event: ClassEvent): void;
  subscribe(classId: number): AsyncIterable<ClassEvent>;
  /** Tells every instance that logins ended (see EndedLogins). */
  endLogins(ended: EndedLogins): void;
  /** Calls `listener` for every ended login on any instance; returns what stops it. */
  onLoginsEnded(listener: (ended: EndedLogins) => void): () => void;
  close(): Promise<void>;
};

export function createLiveEvents(redisUrl: string | undefined, log: Logger): LiveEvents {
  let clients: Redis[] = [];
  let pubsub: PubSub<Channels>;
  if (redisUrl) {
    // A publish while Redis is away fails at once (no offline queue) and is dropped: the event is
    // stored with its result and reaches a teacher who opens the live view later by replay.
    const publishClient = redisClient(redisUrl, 'live events, publish', log, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const subscribeClient = redisClient(redisUrl, 'live events, subscribe', log);
    clients = [publishClient, subscribeClient];
    const dropped = (what: string) => (error: unknown) => log.debug({ err: error }, `live event ${what} failed (Redis unreachable)`);
    // The event target calls these without waiting on them: their failures are caught here.
    const publisher = { publish: (channel: string, message: string) => publishClient.publish(channel, message).catch(dropped('publish')) };
    const subscriber = {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ioredis's listener type, passed on as it is
      on: (event: string, listener: (...args: any[]) => void) => subscribeClient.on(event, listener),
      subscribe: (channel: string) => subscribeClient.subscribe(channel).catch(dropped('subscribe')),
      unsubscribe: (channel: string) => subscribeClient.unsubscribe(channel).catch(dropped('unsubscribe')),
    };
    // Dates travel as JSON strings through Redis; the subscriber turns them back.
    pubsub = createPubSub<Channels>({
      eventTarget: createRedisEventTarget({ publishClient: publisher as unknown as Redis, subscribeClient: subscriber as unknown as Redis }),
    });
  } else {
    pubsub = createPubSub<Channels>();
  }
  return {
    publish: (event) => pubsub.publish('class:activity', event.classId, event),
    subscribe: (classId) => {
      const source = pubsub.subscribe('class:activity', classId);
      return (async function* () {
        for await (const event of source) yield { ...event, at: new Date(event.at) };
      })();
    },
    endLogins: (ended) => pubsub.publish('logins:ended', ended),
    onLoginsEnded: (listener) => {
      const source = pubsub.subscribe('logins:ended');
      void (async () => {
        for await (const ended of source) listener(ended);
      })();
      return () => void source.return?.();
    },
    close: async () => {
      await Promise.all(clients.map(closeRedis));
    },
  };
}

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
  /**
   * The class's events from now on. Every subscriber of a class on this instance receives the
   * same event object (server/graphql/shared-subscriptions.ts executes it once per distinct
   * subscription); `return()` stops the stream at once, even while it waits.
   */
  subscribe(classId: number): AsyncIterableIterator<ClassEvent>;
  /** Tells every instance that logins ended (see EndedLogins). */
  endLogins(ended: EndedLogins): void;
  /** Calls `listener` for every ended login on any instance; returns what stops it. */
  onLoginsEnded(listener: (ended: EndedLogins) => void): () => void;
  close(): Promise<void>;
};

/**
 * Events a subscriber may have waiting before its stream ends with an error (a socket that
 * stopped reading): its client subscribes again with `after` and replays what it missed.
 */
export const MAX_WAITING_EVENTS = 10_000;

/** One subscriber's events, in order: an async iterator that `return()` ends at once. */
class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly waiting: T[] = [];
  private head = 0;
  private pending: ((step: IteratorResult<T>) => void) | null = null;
  private failed: Error | null = null;
  private ended = false;
  constructor(private readonly onEnd: () => void) {}

  [Symbol.asyncIterator]() {
    return this;
  }

  push(value: T): void {
    if (this.ended || this.failed) return;
    if (this.pending) {
      const resolve = this.pending;
      this.pending = null;
      return resolve({ done: false, value });
    }
    if (this.waiting.length - this.head >= MAX_WAITING_EVENTS) {
      this.failed = new Error(`This live view fell more than ${MAX_WAITING_EVENTS} events behind: subscribe again with \`after\` to catch up`);
      this.onEnd();
      return;
    }
    this.waiting.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.head < this.waiting.length) {
      const value = this.waiting[this.head]!;
      this.waiting[this.head++] = undefined as T;
      if (this.head === this.waiting.length) {
        this.waiting.length = 0;
        this.head = 0;
      }
      return Promise.resolve({ done: false, value });
    }
    if (this.failed) {
      const error = this.failed;
      this.end();
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => (this.pending = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.end();
    return Promise.reject(error);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.failed = null;
    this.waiting.length = 0;
    this.head = 0;
    this.onEnd();
    const resolve = this.pending;
    this.pending = null;
    resolve?.({ done: true, value: undefined });
  }
}

export function createLiveEvents(redisUrl: string | undefined, log: Logger): LiveEvents {
  let clients: Redis[] = [];
  let target: EventTarget;
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
    target = createRedisEventTarget({
      publishClient: publisher as unknown as Redis,
      subscribeClient: subscriber as unknown as Redis,
    }) as unknown as EventTarget;
  } else {
    target = new EventTarget();
  }
  const pubsub: PubSub<Channels> = createPubSub<Channels>({ eventTarget: target as never });
  // One listener per class on this instance, whatever the number of its subscribers: it takes
  // each event once (through Redis: parsed once, its time made a Date once) and hands the same
  // object to every subscriber's queue, in the same turn as the event arrives.
  const classes = new Map<number, { queues: Set<EventQueue<ClassEvent>>; stop: () => void }>();
  function listen(classId: number) {
    const queues = new Set<EventQueue<ClassEvent>>();
    // The topic createPubSub publishes the class's events under ('class:activity' and the id).
    const topic = `class:activity:${classId}`;
    const onEvent = (message: Event) => {
      const raw = (message as CustomEvent<ClassEvent>).detail;
      const event = raw.at instanceof Date ? raw : { ...raw, at: new Date(raw.at) };
      for (const queue of queues) queue.push(event);
    };
    // Through Redis: the first listener of a class subscribes to its channel.
    target.addEventListener(topic, onEvent);
    const listener = { queues, stop: () => target.removeEventListener(topic, onEvent) };
    classes.set(classId, listener);
    return listener;
  }
  return {
    publish: (event) => pubsub.publish('class:activity', event.classId, event),
    subscribe: (classId) => {
      const listener = classes.get(classId) ?? listen(classId);
      const queue: EventQueue<ClassEvent> = new EventQueue(() => {
        listener.queues.delete(queue);
        if (listener.queues.size > 0 || classes.get(classId) !== listener) return;
        classes.delete(classId);
        listener.stop();
      });
      listener.queues.add(queue);
      return queue;
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

/**
 * Live events (DESIGN, Live results): one PubSub interface, in-process by default, Redis when
 * REDIS_URL is set so several server instances share what happens in a class.
 */
import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

/** Something that happened in a class, as the teacher's live view shows it. */
export type ClassEvent = {
  /** Stable across replay and live delivery, so a client can drop what it has already shown. */
  id: string;
  /** bookFinished: a student finished the last unit of a book, so no next task came. */
  kind: 'answer' | 'finished' | 'bookFinished';
  at: Date;
  classId: number;
  student: string;
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

type Channels = { 'class:activity': [classId: number, event: ClassEvent] };

export type LiveEvents = {
  publish(event: ClassEvent): void;
  subscribe(classId: number): AsyncIterable<ClassEvent>;
  close(): Promise<void>;
};

export function createLiveEvents(redisUrl?: string): LiveEvents {
  let clients: Redis[] = [];
  let pubsub: PubSub<Channels>;
  if (redisUrl) {
    const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const subscribeClient = new Redis(redisUrl, { lazyConnect: false });
    clients = [publishClient, subscribeClient];
    // Dates travel as JSON strings through Redis; the subscriber turns them back.
    pubsub = createPubSub<Channels>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
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
    close: async () => {
      await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

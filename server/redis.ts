/**
 * Redis clients (live events and integration budgets, with REDIS_URL). Redis going away must not
 * take WordBee with it: each client logs one line when an outage begins and one when it ends
 * (ioredis reconnects by itself), and its users fall back or drop what cannot wait.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

export function redisClient(url: string, name: string, log: Logger, options: RedisOptions = {}): Redis {
  const client = new Redis(url, { lazyConnect: false, ...options });
  let down = false;
  client.on('error', (error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: name }, `Redis (${name}) unreachable; retrying`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, `Redis (${name}) reachable again`);
  });
  return client;
}

/** Closes a client, politely when Redis is there. */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}

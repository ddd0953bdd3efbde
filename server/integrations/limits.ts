/**
 * Rate budgets of the GraphQL API: token buckets an operation's cost is charged to
 * (server/graphql/cost.ts): an integration token's own bucket and its teacher's; a signed-in
 * user's. A bucket holds `points` and restores `restorePerSec`.
 *
 * With REDIS_URL the buckets live in Redis (one atomic script), so they hold across instances;
 * without it they are per instance, in memory (docs/configuration.md).
 */
import type { Logger } from 'pino';
import { closeRedis, redisClient } from '../redis.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appState } from '../../db/schema.ts';
import type { Database } from '../../db/index.ts';
import type { Config } from '../config.ts';

// ---------------------------------------------------------------- buckets

export type Bucket = { key: string; points: number; restorePerSec: number };
type BucketLevel = { key: string; limit: number; remaining: number; restorePerSec: number };
export type Charge = { allowed: boolean; levels: BucketLevel[]; retryAfterSec: number };

export type Budgets = {
  /** Takes `cost` from every bucket, or from none when one of them lacks it. */
  charge(buckets: Bucket[], cost: number): Promise<Charge>;
  close(): Promise<void>;
};

const retryAfter = (missing: number, restorePerSec: number) => Math.max(1, Math.ceil(missing / restorePerSec));

function chargeResult(buckets: Bucket[], before: number[], cost: number): Charge {
  const allowed = before.every((level) => level >= cost);
  const levels = buckets.map((b, i) => ({
    key: b.key,
    limit: b.points,
    remaining: Math.floor(allowed ? before[i]! - cost : before[i]!),
    restorePerSec: b.restorePerSec,
  }));
  const retryAfterSec = allowed ? 0 : Math.max(...buckets.map((b, i) => (before[i]! >= cost ? 0 : retryAfter(cost - before[i]!, b.restorePerSec))));
  return { allowed, levels, retryAfterSec };
}

/** Buckets in this process's memory: exact for one instance, per instance for several. */
export function memoryBudgets(now: () => number = Date.now): Budgets {
  const state = new Map<string, { level: number; at: number }>();
  return {
    async charge(buckets, cost) {
      const t = now();
      const before = buckets.map((b) => {
        const s = state.get(b.key);
        return s ? Math.min(b.points, s.level + ((t - s.at) / 1000) * b.restorePerSec) : b.points;
      });
      const result = chargeResult(buckets, before, cost);
      buckets.forEach((b, i) => state.set(b.key, { level: result.allowed ? before[i]! - cost : before[i]!, at: t }));
      if (state.size > 100_000) state.clear();
      return result;
    },
    close: async () => {},
  };
}

/** Refills each bucket by the time passed (Redis's clock), then takes the cost from all or none. */
const CHARGE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local cost = tonumber(ARGV[1])
local levels = {}
local ok = true
for i, key in ipairs(KEYS) do
  local points = tonumber(ARGV[i * 2])
  local rate = tonumber(ARGV[i * 2 + 1])
  local s = redis.call('HMGET', key, 'level', 'at')
  local level = points
  if s[1] then level = math.min(points, tonumber(s[1]) + (now - tonumber(s[2])) / 1000 * rate) end
  levels[i] = level
  if level < cost then ok = false end
end
for i, key in ipairs(KEYS) do
  local level = levels[i]
  if ok then level = level - cost end
  redis.call('HSET', key, 'level', tostring(level), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil(tonumber(ARGV[i * 2]) / tonumber(ARGV[i * 2 + 1]) * 1000) + 60000)
  levels[i] = tostring(levels[i])
end
return levels
`;

/**
 * Buckets in Redis, shared by every instance. While Redis is unreachable each instance keeps its
 * own buckets in memory (a request is not refused or delayed for want of Redis), and goes back to
 * Redis when it returns.
 */
function redisBudgets(url: string, prefix: string, log: Logger): Budgets {
  const redis = redisClient(url, 'integration budgets', log, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Sent by its SHA1 (EVALSHA), the script's text only when Redis does not know it yet.
  redis.defineCommand('chargeBudgets', { lua: CHARGE_SCRIPT });
  const chargeBudgets = (keys: number, ...args: string[]) =>
    (redis as unknown as { chargeBudgets(keys: number, ...args: string[]): Promise<string[]> }).chargeBudgets(keys, ...args);
  const fallback = memoryBudgets();
  return {
    async charge(buckets, cost) {
      if (redis.status !== 'ready') return fallback.charge(buckets, cost);
      const args = [String(cost), ...buckets.flatMap((b) => [String(b.points), String(b.restorePerSec)])];
      try {
        const levels = await chargeBudgets(buckets.length, ...buckets.map((b) => prefix + b.key), ...args);
        return chargeResult(buckets, levels.map(Number), cost);
      } catch (error) {
        log.debug({ err: error }, 'budget charge in Redis failed; charged in memory');
        return fallback.charge(buckets, cost);
      }
    },
    close: () => closeRedis(redis),
  };
}

/**
 * Memory, or Redis with REDIS_URL. Redis keys carry the installation's id (kept in app_state),
 * so installations sharing one Redis keep apart budgets.
 */
export async function createBudgets(config: Pick<Config, 'redisUrl'>, db: Database, log: Logger): Promise<Budgets> {
  if (!config.redisUrl) return memoryBudgets();
  await db.insert(appState).values({ key: 'installation_id', value: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, 'installation_id'));
  return redisBudgets(config.redisUrl, `wordbee:${row!.value}:budget:`, log);
}

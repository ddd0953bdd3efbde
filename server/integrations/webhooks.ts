/**
 * Webhooks: a teacher registers a URL to be told about a class's events ('task.finished',
 * 'report.ready'). Each event becomes one delivery row per webhook, written in the same
 * transaction as the event, and a background worker (server/outbox.ts: claim, lease,
 * exponential backoff) POSTs it as JSON signed with the webhook's secret:
 *
 *   WordBee-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * Only http(s) URLs are accepted (schemas.ts); redirects are not followed. The URL's host must
 * lead to public addresses (or to a network listed in WEBHOOK_ALLOW_NETWORKS): checked when the
 * webhook is created and again at every delivery, which then connects to the addresses it
 * checked (addresses.ts). A delivery refused there is marked 'refused', without a try.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { classes, webhookDeliveries, webhooks } from '../../db/schema.ts';
import type { Database, Executor } from '../../db/index.ts';
import type { Deps, Viewer } from '../deps.ts';
import { ConflictError, NotFoundError, ValidationError, parseInput } from '../errors.ts';
import { createOutbox, DeliveryFailure, type Outbox } from '../outbox.ts';
import { MAX_WEBHOOKS_PER_CLASS, createWebhookSchema, type WebhookEvent } from './schemas.ts';
import { requireTeacherSession, teacherClassIds } from '../access.ts';
import { AddressRefused, HostNotFound, pinnedLookup, type AddressPolicy, type ResolvedAddress } from './addresses.ts';

const SIGNATURE_HEADER = 'wordbee-signature';
export const MAX_DELIVERY_ATTEMPTS = 10;
const DELIVERY_TIMEOUT_MS = 10_000;
/** What a delivery refused by the address check records (nothing about what the host is). */
const REFUSED_ERROR = 'refused: the address is not allowed';

export type WebhookRecord = Omit<typeof webhooks.$inferSelect, 'secret'>;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;

/** The signature header of a body sent at `timestampSec`. */
function signatureHeader(secret: string, body: string, timestampSec: number): string {
  return `t=${timestampSec},v1=${createHmac('sha256', secret).update(`${timestampSec}.${body}`).digest('hex')}`;
}

/** What a receiver does (docs/api.md shows the same in a few lines): true when genuine and fresh. */
export function verifySignature(secret: string, header: string, body: string, nowSec = Math.floor(Date.now() / 1000), toleranceSec = 300): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return Number.isInteger(t) && Math.abs(nowSec - t) <= toleranceSec && given.length === expected.length && timingSafeEqual(given, expected);
}

const webhookColumns = {
  id: webhooks.id,
  teacherId: webhooks.teacherId,
  classId: webhooks.classId,
  url: webhooks.url,
  events: webhooks.events,
  createdAt: webhooks.createdAt,
  deletedAt: webhooks.deletedAt,
};

export async function createWebhook(
  deps: Pick<Deps, 'db' | 'webhookAddresses'>,
  viewer: Viewer,
  raw: unknown,
): Promise<{ secret: string; record: WebhookRecord }> {
  requireTeacherSession(viewer);
  const input = parseInput(createWebhookSchema, raw);
  await teacherClassIds(deps.db, viewer, [input.classId]);
  const live = await deps.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.classId, input.classId), isNull(webhooks.deletedAt)));
  if (live.length >= MAX_WEBHOOKS_PER_CLASS) throw new ValidationError(`A class has at most ${MAX_WEBHOOKS_PER_CLASS} webhooks: delete one first`);
  try {
    await deps.webhookAddresses.check(input.url);
  } catch (error) {
    if (error instanceof AddressRefused || error instanceof HostNotFound) throw new ValidationError(error.message);
    throw error;
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.db
    .insert(webhooks)
    .values({ teacherId: viewer.id, classId: input.classId, url: input.url, events: input.events, secret })
    .returning(webhookColumns);
  return { secret, record: row! };
}

/** A teacher's webhooks that are not deleted, newest first. */
export async function listWebhooks(deps: Pick<Deps, 'db'>, viewer: Viewer): Promise<WebhookRecord[]> {
  requireTeacherSession(viewer);
  return deps.db
    .select(webhookColumns)
    .from(webhooks)
    .where(and(eq(webhooks.teacherId, viewer.id), isNull(webhooks.deletedAt)))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

export async function webhookById(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number): Promise<WebhookRecord | null> {
  if (!viewer.isTeacher || viewer.integration || !Number.isSafeInteger(id)) return null;
  const [row] = await deps.db
    .select(webhookColumns)
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.teacherId, viewer.id), isNull(webhooks.deletedAt)));
  return row ?? null;
}

/** Stops deliveries at once; deliveries still queued are dropped with it. */
export async function deleteWebhook(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number, now = new Date()): Promise<{ id: number }> {
  requireTeacherSession(viewer);
  const hook = await webhookById(deps, viewer, id);
  if (!hook) throw new NotFoundError('Webhook not found');
  await deps.db.update(webhooks).set({ deletedAt: now }).where(eq(webhooks.id, id));
  await deps.db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'The webhook was deleted' })
    .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
  return { id };
}

/** A webhook's deliveries, newest first (at most the last 200). */
export async function listDeliveries(deps: Pick<Deps, 'db'>, viewer: Viewer, webhookId: number): Promise<DeliveryRecord[]> {
  const hook = await webhookById(deps, viewer, webhookId);
  if (!hook) return [];
  return deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(200);
}

export async function deliveryById(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number): Promise<DeliveryRecord | null> {
  if (!viewer.isTeacher || viewer.integration || !Number.isSafeInteger(id)) return null;
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhooks.teacherId, viewer.id)));
  return row?.delivery ?? null;
}

/**
 * Sends a delivery again (a receiver that lost it, or was down past the last retry): it is
 * queued now with a fresh count of attempts, under the same `WordBee-Delivery` id and body, so a
 * receiver that did get it drops the repeat. One being sent at this moment is a ConflictError.
 */
export async function redeliverWebhookDelivery(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number, now = new Date()): Promise<DeliveryRecord> {
  requireTeacherSession(viewer);
  const delivery = await deliveryById(deps, viewer, id);
  const hook = delivery ? await webhookById(deps, viewer, delivery.webhookId) : null;
  if (!delivery || !hook) throw new NotFoundError('Webhook delivery not found');
  const [queued] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, sentAt: null })
    .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['pending', 'sent', 'failed', 'refused'])))
    .returning();
  if (!queued) throw new ConflictError('This delivery is being sent right now: look again in a few seconds');
  return queued;
}

/**
 * Queues an event of a class for every webhook that wants it, in the caller's transaction.
 * `eventId` is stable per event, so the same event is queued once per webhook.
 */
export async function enqueueWebhookEvent(
  tx: Executor,
  classId: number,
  event: WebhookEvent,
  eventId: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const hooks = await tx
    .select({ id: webhooks.id, className: classes.name })
    .from(webhooks)
    .innerJoin(classes, eq(classes.id, webhooks.classId))
    .where(and(eq(webhooks.classId, classId), isNull(webhooks.deletedAt), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  if (hooks.length === 0) return;
  const payload = (className: string) => webhookPayload(classId, className, event, eventId, data, now);
  await tx
    .insert(webhookDeliveries)
    .values(hooks.map((h) => ({ webhookId: h.id, dedupeKey: `${h.id}:${eventId}`, event, payload: payload(h.className), createdAt: now, nextAttemptAt: now })))
    .onConflictDoNothing();
}

/** The body of a webhook event (the same for each of the class's webhooks). */
export const webhookPayload = (classId: number, className: string, event: WebhookEvent, eventId: string, data: Record<string, unknown>, now: Date) => ({
  id: eventId,
  event,
  occurredAt: now.toISOString(),
  class: { id: encodeGlobalID('Class', classId), name: className },
  data,
});

/** Queues 'task.finished' for a stored result (every kind of task), in the result's transaction. */
export function enqueueTaskFinished(
  tx: Executor,
  finished: {
    classId: number;
    resultId: number;
    taskId: string;
    student: string;
    bookUnitId: string;
    type: string;
    score: number;
    correct: number;
    total: number;
  },
  now: Date,
): Promise<void> {
  const { classId, resultId, ...data } = finished;
  // resultId: the ClassResult's global id, what a receiver keys the result by (taskId is shared by an assignment's students).
  return enqueueWebhookEvent(
    tx,
    classId,
    'task.finished',
    `task.finished:${resultId}`,
    { resultId: encodeGlobalID('ClassResult', resultId), ...data, finishedAt: now.toISOString() },
    now,
  );
}

/**
 * POSTs `body` to `url`, connecting only to `addresses` (already checked); resolves with the
 * receiver's HTTP status. No redirect is followed, no connection kept.
 */
function post(url: URL, addresses: readonly ResolvedAddress[], headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        agent: false,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Why a connection failed, in a few words (an error code, not the addresses it tried). */
function reasonOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || e?.code === 'ABORT_ERR') return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  return e?.code ?? 'the connection failed';
}

/** The worker that POSTs queued deliveries, signed, with retries and backoff. */
/** Where a report's PDF is downloaded: the REST path, named by the transport (server/reports/rest.ts) and passed in. */
type ReportUrl = (fileName: string) => string;

/**
 * The body a receiver gets: the stored payload, and for `report.ready` the report's `downloadUrl`
 * (last in `data`), made when it is sent from the stored file name, so the stored event names no
 * HTTP path. A payload stored with its `downloadUrl` (before this was so) keeps it where it is.
 */
export function postedPayload(event: string, payload: unknown, reportUrl: ReportUrl): unknown {
  if (event !== 'report.ready' || !isRecord(payload) || !isRecord(payload.data) || typeof payload.data.fileName !== 'string') return payload;
  return { ...payload, data: { ...payload.data, downloadUrl: reportUrl(payload.data.fileName) } };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createWebhookSender(options: { db: Database; log: Logger; addresses: AddressPolicy; reportUrl: ReportUrl }): Outbox {
  return createOutbox<DeliveryRecord>({
    db: options.db,
    table: webhookDeliveries,
    log: options.log,
    what: 'webhook delivery',
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    describe: (d) => ({ webhookId: d.webhookId, deliveryId: d.id, event: d.event }),
    async deliver(delivery) {
      const [hook] = await options.db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
      if (!hook || hook.deletedAt) throw new DeliveryFailure('The webhook was deleted', {}, true);
      const url = new URL(hook.url);
      // Resolved again now: a name may point elsewhere than when the webhook was created.
      let addresses: ResolvedAddress[];
      try {
        addresses = await options.addresses.check(url);
      } catch (error) {
        if (error instanceof AddressRefused) throw new DeliveryFailure(REFUSED_ERROR, { responseStatus: null }, true, 'refused');
        if (error instanceof HostNotFound) throw new DeliveryFailure(`Could not reach ${url.host}: the host name could not be found`, { responseStatus: null });
        throw error;
      }
      const body = JSON.stringify(postedPayload(delivery.event, delivery.payload, options.reportUrl));
      let status: number;
      try {
        status = await post(
          url,
          addresses,
          {
            'content-type': 'application/json',
            'user-agent': 'WordBee-Webhooks/1',
            'wordbee-event': delivery.event,
            'wordbee-delivery': String(delivery.id),
            [SIGNATURE_HEADER]: signatureHeader(hook.secret, body, Math.floor(Date.now() / 1000)),
          },
          body,
        );
      } catch (error) {
        throw new DeliveryFailure(`Could not reach ${url.host}: ${reasonOf(error)}`, { responseStatus: null });
      }
      if (status < 200 || status >= 300) throw new DeliveryFailure(`The receiver answered HTTP ${status}`, { responseStatus: status });
      return { responseStatus: status };
    },
  });
}

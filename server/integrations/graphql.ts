/** Integrations in GraphQL: a teacher's integration tokens and webhooks (types, lists, mutations). */
import { decodeGlobalID } from '@pothos/plugin-relay';
import { offsetConnection } from '../graphql/connections.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { builder, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { ClassRef } from '../classes/graphql.ts';
import { listClasses } from '../classes/service.ts';
import type { Scope, WebhookEvent } from './schemas.ts';
import {
  createWebhook,
  deleteWebhook,
  deliveryById,
  redeliverWebhookDelivery,
  listDeliveries,
  listWebhooks,
  webhookById,
  postedPayload,
  type DeliveryRecord,
  type WebhookRecord,
} from './webhooks.ts';
import { reportDownloadUrl } from '../reports/rest.ts';
import { createIntegrationToken, integrationTokenById, listIntegrationTokens, revokeIntegrationToken, type IntegrationTokenRecord } from './tokens.ts';

/** The row id inside a global id of `typename`; anything else names nothing ("not found", typed). */
function localId(globalId: string, typename: string, what = typename): number {
  try {
    const decoded = decodeGlobalID(globalId);
    const rowId = decoded.typename === typename ? rowIdOf(decoded.id) : null;
    if (rowId !== null) return rowId;
  } catch {
    // not a global id at all
  }
  throw new NotFoundError(`${what} not found`);
}

const IntegrationScope = builder.enumType('IntegrationScope', {
  description: 'What an integration token may do, besides reading its own viewer.',
  values: {
    READ_CLASSES: { value: 'classes:read' as Scope, description: 'Read the chosen classes: settings, rosters, shelves, open tasks.' },
    READ_RESULTS: { value: 'results:read' as Scope, description: "Read the chosen classes' results: reports, live activity." },
    ASSIGN_TASKS: { value: 'tasks:assign' as Scope, description: 'Assign tasks to the chosen classes (`assignTask`).' },
  },
});

const IntegrationTokenRef = builder.objectRef<IntegrationTokenRecord>('IntegrationToken');

builder.node(IntegrationTokenRef, {
  description: "A token another system uses to call this API for some of a teacher's classes. The token itself is shown once, when created.",
  id: { resolve: (t) => t.id },
  loadOne: (id, ctx) => (ctx.viewer && rowIdOf(id) !== null ? integrationTokenById(ctx.deps, ctx.viewer, Number(id)) : null),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the teacher called it, e.g. the system that uses it.' }),
    tokenPrefix: t.exposeString('tokenPrefix', { description: 'The first characters of the token, to tell tokens apart.' }),
    scopes: t.field({ type: [IntegrationScope], description: 'What it may do.', resolve: (r) => r.scopes as Scope[] }),
    classes: t.field({
      type: [ClassRef],
      description: 'The classes it may see (classes deleted since are left out).',
      resolve: async (r, _args, ctx) => (await listClasses(ctx.deps, viewerOf(ctx))).filter((c) => r.classIds.includes(c.id)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When it was last used (to the minute); null if never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked; null while it works.' }),
  }),
});

builder.objectField(UserRef, 'integrationTokens', (t) =>
  t.connection({
    type: IntegrationTokenRef,
    description: "A teacher's integration tokens, newest first, revoked ones included (empty for students; needs a signed-in teacher, not a token).",
    resolve: async (user, args, ctx) => offsetConnection(args, user.isTeacher ? await listIntegrationTokens(ctx.deps, viewerOf(ctx)) : []),
  }),
);

const CreateIntegrationTokenInput = builder.inputType('CreateIntegrationTokenInput', {
  description: 'A new integration token: its name, what it may do and for which classes.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'What it is for, 1–60 characters.' }),
    scopes: t.field({ type: [IntegrationScope], required: true, description: 'At least one scope.' }),
    classIds: t.idList({ required: true, description: 'Global ids of your classes it may see (at least one).' }),
  }),
});

const CreatedTokenPayload = builder.objectRef<{ token: string; record: IntegrationTokenRecord }>('CreateIntegrationTokenPayload').implement({
  description: 'The new token. `token` is shown this once: store it now.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Send as `Authorization: Bearer <token>`. It cannot be shown again.' }),
    integrationToken: t.field({ type: IntegrationTokenRef, description: 'The token as listed.', resolve: (p) => p.record }),
  }),
});

builder.mutationField('createIntegrationToken', (t) =>
  t.field({
    type: CreatedTokenPayload,
    description: 'Creates an integration token for some of your classes (signed-in teachers only).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: CreateIntegrationTokenInput, required: true, description: 'The new token.' }) },
    resolve: (_root, { input }, ctx) =>
      createIntegrationToken(ctx.deps, viewerOf(ctx), {
        name: input.name,
        scopes: input.scopes,
        classIds: input.classIds.map((id) => localId(String(id), 'Class')),
      }),
  }),
);

const RevokeIntegrationTokenInput = builder.inputType('RevokeIntegrationTokenInput', {
  description: 'Names a token to revoke.',
  fields: (t) => ({ id: t.id({ required: true, description: "The token's global id." }) }),
});

const RevokedTokenPayload = builder.objectRef<IntegrationTokenRecord>('RevokeIntegrationTokenPayload').implement({
  description: 'The token no longer works.',
  fields: (t) => ({ integrationToken: t.field({ type: IntegrationTokenRef, description: 'The token, with `revokedAt` set.', resolve: (r) => r }) }),
});

builder.mutationField('revokeIntegrationToken', (t) =>
  t.field({
    type: RevokedTokenPayload,
    description: 'Revokes a token at once: calls with it are refused from now on. Revoking again changes nothing.',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: RevokeIntegrationTokenInput, required: true, description: 'The token to revoke.' }) },
    resolve: (_root, { input }, ctx) => revokeIntegrationToken(ctx.deps, viewerOf(ctx), localId(String(input.id), 'IntegrationToken', 'Token')),
  }),
);

// ---------------------------------------------------------------- webhooks

const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'What a webhook can be told about.',
  values: {
    TASK_FINISHED: { value: 'task.finished' as WebhookEvent, description: "A student finished a task of the class ('task.finished')." },
    REPORT_READY: { value: 'report.ready' as WebhookEvent, description: "A finished task's PDF report can be downloaded ('report.ready')." },
  },
});

const DeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { value: 'pending', description: 'Queued, or waiting to be retried at `nextAttemptAt`.' },
    SENDING: { value: 'sending', description: 'Being sent now.' },
    SENT: { value: 'sent', description: 'The receiver answered 2xx.' },
    FAILED: { value: 'failed', description: 'Given up after the last attempt (or the webhook was deleted).' },
    REFUSED: {
      value: 'refused',
      description: "Not sent: the URL's host led to an address webhooks may not reach (loopback, private, link-local, metadata…); nothing was tried.",
    },
  },
});

const WebhookDeliveryRef = builder.objectRef<DeliveryRecord>('WebhookDelivery');

builder.node(WebhookDeliveryRef, {
  description: 'One event sent (or to be sent) to a webhook, with its attempts.',
  id: { resolve: (d) => d.id },
  loadOne: (id, ctx) => (ctx.viewer && rowIdOf(id) !== null ? deliveryById(ctx.deps, ctx.viewer, Number(id)) : null),
  fields: (t) => ({
    event: t.field({ type: WebhookEventEnum, description: 'The event.', resolve: (d) => d.event as WebhookEvent }),
    status: t.field({
      type: DeliveryStatusEnum,
      description: 'Where it stands.',
      resolve: (d) => d.status as 'pending' | 'sending' | 'sent' | 'failed' | 'refused',
    }),
    attempts: t.exposeInt('attempts', { description: 'Attempts so far.' }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: "The receiver's last HTTP status; null when it could not be reached." }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed; null once sent.' }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', description: 'When it is (or was last) tried.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When the receiver accepted it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event happened.' }),
    payload: t.field({
      type: 'JSON',
      description: 'The JSON body that is POSTed.',
      resolve: (d) => postedPayload(d.event, d.payload, (fileName) => reportDownloadUrl(fileName)),
    }),
  }),
});

const WebhookRef = builder.objectRef<WebhookRecord>('Webhook');

builder.node(WebhookRef, {
  description: "A URL told about a class's events with signed POSTs (docs/api.md, Webhooks).",
  id: { resolve: (w) => w.id },
  loadOne: (id, ctx) => (ctx.viewer && rowIdOf(id) !== null ? webhookById(ctx.deps, ctx.viewer, Number(id)) : null),
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where events are POSTed (http or https).' }),
    events: t.field({ type: [WebhookEventEnum], description: 'The events it receives.', resolve: (w) => w.events as WebhookEvent[] }),
    class: t.field({
      type: ClassRef,
      nullable: true,
      description: 'The class whose events it receives.',
      resolve: async (w, _args, ctx) => (await listClasses(ctx.deps, viewerOf(ctx))).find((c) => c.id === w.classId) ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was registered.' }),
    deliveries: t.connection({
      type: WebhookDeliveryRef,
      description: 'Its deliveries, newest first (the last 200).',
      resolve: async (w, args, ctx) => offsetConnection(args, await listDeliveries(ctx.deps, viewerOf(ctx), w.id)),
    }),
  }),
});

builder.objectField(UserRef, 'webhooks', (t) =>
  t.connection({
    type: WebhookRef,
    description: "A teacher's webhooks, newest first (empty for students; needs a signed-in teacher, not a token).",
    resolve: async (user, args, ctx) => offsetConnection(args, user.isTeacher ? await listWebhooks(ctx.deps, viewerOf(ctx)) : []),
  }),
);

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: "A URL to tell about a class's events.",
  fields: (t) => ({
    classId: t.id({ required: true, description: 'The global id of one of your classes.' }),
    url: t.string({
      required: true,
      description:
        'An http:// or https:// URL (no user name or password in it) whose host leads to public addresses only (unless the server allows an internal network: WEBHOOK_ALLOW_NETWORKS).',
    }),
    events: t.field({ type: [WebhookEventEnum], required: true, description: 'At least one event.' }),
  }),
});

const CreatedWebhookPayload = builder.objectRef<{ secret: string; record: WebhookRecord }>('CreateWebhookPayload').implement({
  description: 'The new webhook. `secret` is shown this once: the receiver needs it to check signatures.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The HMAC-SHA256 key of the `WordBee-Signature` header. It cannot be shown again.' }),
    webhook: t.field({ type: WebhookRef, description: 'The webhook as listed.', resolve: (p) => p.record }),
  }),
});

builder.mutationField('createWebhook', (t) =>
  t.field({
    type: CreatedWebhookPayload,
    description: "Registers a URL for a class's events (signed-in teachers only).",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'The webhook.' }) },
    resolve: (_root, { input }, ctx) =>
      createWebhook(ctx.deps, viewerOf(ctx), { classId: localId(String(input.classId), 'Class'), url: input.url, events: input.events }),
  }),
);

const DeleteWebhookInput = builder.inputType('DeleteWebhookInput', {
  description: 'Names a webhook to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: "The webhook's global id." }) }),
});

const DeletedWebhookPayload = builder.objectRef<{ id: number }>('DeleteWebhookPayload').implement({
  description: 'The webhook is gone; its queued deliveries are dropped.',
  fields: (t) => ({ deletedWebhookId: t.globalID({ description: 'The global id it had.', resolve: (p) => ({ type: 'Webhook', id: String(p.id) }) }) }),
});

builder.mutationField('deleteWebhook', (t) =>
  t.field({
    type: DeletedWebhookPayload,
    description: 'Deletes a webhook: nothing more is sent to it.',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: DeleteWebhookInput, required: true, description: 'The webhook to delete.' }) },
    resolve: (_root, { input }, ctx) => deleteWebhook(ctx.deps, viewerOf(ctx), localId(String(input.id), 'Webhook')),
  }),
);

const RedeliverWebhookDeliveryInput = builder.inputType('RedeliverWebhookDeliveryInput', {
  description: 'Names a delivery to send again.',
  fields: (t) => ({ id: t.id({ required: true, description: "The delivery's global id (`WebhookDelivery.id`)." }) }),
});

const RedeliveredPayload = builder.objectRef<DeliveryRecord>('RedeliverWebhookDeliveryPayload').implement({
  description: 'The delivery is queued to be sent now.',
  fields: (t) => ({ delivery: t.field({ type: WebhookDeliveryRef, description: 'The delivery, PENDING with no attempts yet.', resolve: (d) => d }) }),
});

builder.mutationField('redeliverWebhookDelivery', (t) =>
  t.field({
    type: RedeliveredPayload,
    description:
      'Sends a delivery again now (signed-in teachers, for their own webhooks): a SENT one the receiver lost, or a FAILED or REFUSED one once the receiver is fixed. Same `WordBee-Delivery` id and body (a receiver drops repeats by it), a fresh signature and count of attempts. ConflictError: it is being sent at this moment.',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, ConflictError] },
    args: { input: t.arg({ type: RedeliverWebhookDeliveryInput, required: true, description: 'The delivery to send again.' }) },
    resolve: (_root, { input }, ctx) => redeliverWebhookDelivery(ctx.deps, viewerOf(ctx), localId(String(input.id), 'WebhookDelivery', 'Webhook delivery')),
  }),
);

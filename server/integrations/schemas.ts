/** Inputs of the integrations domain (tokens and webhooks), shared by GraphQL and the /classes panel. */
import { z } from 'zod';
import { noControlCharacters } from '../users/schemas.ts';

/** What an integration token may do (docs/api.md, Scopes). */
const SCOPES = ['classes:read', 'results:read', 'tasks:assign'] as const;
export type Scope = (typeof SCOPES)[number];

/** What a webhook can be told about. */
const WEBHOOK_EVENTS = ['task.finished', 'report.ready'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A teacher keeps at most this many live tokens and webhooks. */
export const MAX_TOKENS = 20;
export const MAX_WEBHOOKS_PER_CLASS = 5;

const classIds = z
  .array(z.number().int().positive(), { error: 'Choose the classes it is for' })
  .min(1, 'Choose at least one class')
  .max(100, 'At most 100 classes')
  .transform((ids) => [...new Set(ids)]);

export const createTokenSchema = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(60, 'The name is at most 60 characters')
    .refine(...noControlCharacters('The name')),
  scopes: z
    .array(z.enum(SCOPES, { error: `Scopes are ${SCOPES.join(', ')}` }), { error: 'Choose what the token may do' })
    .min(1, 'Choose at least one scope')
    .transform((s) => [...new Set(s)]),
  classIds,
});

/**
 * Only http(s) URLs, at most 2,000 characters, no credentials in them. Where the host leads is
 * checked apart (addresses.ts: public addresses only, unless WEBHOOK_ALLOW_NETWORKS allows one).
 */
const webhookUrlSchema = z
  .string({ error: 'Give the URL to deliver to' })
  .trim()
  .min(1, 'Give the URL to deliver to')
  .max(2000, 'The URL is at most 2,000 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, 'The URL must start with http:// or https:// (and hold no user name or password)');

export const createWebhookSchema = z.object({
  classId: z.number().int().positive(),
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'Choose the events to deliver' })
    .min(1, 'Choose at least one event')
    .transform((e) => [...new Set(e)]),
});

/**
 * What every service function receives: the database and the shared parts the app built at
 * start (server/app.ts). Services know nothing of HTTP or GraphQL.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/index.ts';
import type { Config } from './config.ts';
import type { TokenIssuer } from './users/tokens.ts';
import type { TtsEngine } from './speech/tts.ts';
import type { LiveEvents } from './live/pubsub.ts';
import type { Budgets } from './integrations/limits.ts';
import type { Scorer } from './speech/pa/pool.ts';
import type { BlobStore } from './storage/blobs.ts';
import type { AddressPolicy } from './integrations/addresses.ts';
import type { UploadBudget } from './http/uploads.ts';

export type Deps = {
  db: Database;
  config: Config;
  tokens: TokenIssuer;
  log: Logger;
  tts: TtsEngine;
  live: LiveEvents;
  /** GraphQL cost budgets per token and user (in memory, or Redis with REDIS_URL). */
  budgets: Budgets;
  /**
   * Pronunciation scoring: this process's worker threads (started on first use, or at start by
   * server/main.ts), or scoring jobs taken by any process (PA_SCORING=jobs).
   */
  pa: Scorer;
  /** The memory that recording uploads in flight may hold together (PA_UPLOAD_BUDGET_MB). */
  uploads: UploadBudget;
  /** Stored files: report PDFs and PA recordings (server/storage/blobs.ts). */
  blobs: BlobStore;
  /** Where webhooks may connect (public addresses and WEBHOOK_ALLOW_NETWORKS). */
  webhookAddresses: AddressPolicy;
  /** Durable jobs (server/jobs/queue.ts): `wake` after committing one, so this process takes it at once. */
  jobs?: { wake(): void };
};

/** The signed-in user a request acts for. */
export type Viewer = {
  id: number;
  username: string;
  isTeacher: boolean;
  email: string;
  /** A student's teacher; for a teacher, themselves. */
  teacherName: string;
  tokenExpiresAt: number;
  /** When this login's password was typed (seconds since the epoch; 0 for integration tokens). */
  loginAt: number;
  /** The login's random name, shared by its renewed tokens (logout ends it); '' for integration and older tokens. */
  sid?: string;
  /** users.token_version when the request came (a token of another version is refused). */
  tokenVersion?: number;
  /** Set when the request came with an integration token: its scopes and classes bound it. */
  integration?: { tokenId: number; scopes: readonly string[]; classIds: readonly number[] };
};

/** Integrations in GraphQL: a teacher's integration tokens and webhooks (types, lists, mutations). */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { builder, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { ClassRef } from '../classes/graphql.ts';
import { listClasses } from '../classes/service.ts';
import type { Scope } from './schemas.ts';
import { createIntegrationToken, integrationTokenById, listIntegrationTokens, revokeIntegrationToken, type IntegrationTokenRecord } from './tokens.ts';

export const IntegrationScope = builder.enumType('IntegrationScope', {
  description: 'What an integration token may do, besides reading its own viewer.',
  values: {
    READ_CLASSES: { value: 'classes:read' as Scope, description: 'Read the chosen classes: settings, rosters, shelves, open tasks.' },
    READ_RESULTS: { value: 'results:read' as Scope, description: "Read the chosen classes' results: reports, live activity." },
    ASSIGN_TASKS: { value: 'tasks:assign' as Scope, description: 'Assign tasks to the chosen classes (`assignTask`).' },
  },
});

export const IntegrationTokenRef = builder.objectRef<IntegrationTokenRecord>('IntegrationToken');

builder.node(IntegrationTokenRef, {
  description: 'A token another system uses to call this API for some of a teacher\'s classes. The token itself is shown once, when created.',
  id: { resolve: (t) => t.id },
  loadOne: (id, ctx) => (ctx.viewer ? integrationTokenById(ctx.deps.db, ctx.viewer, Number(id)) : null),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the teacher called it, e.g. the system that uses it.' }),
    tokenPrefix: t.exposeString('tokenPrefix', { description: 'The first characters of the token, to tell tokens apart.' }),
    scopes: t.field({ type: [IntegrationScope], description: 'What it may do.', resolve: (r) => r.scopes as Scope[] }),
    classes: t.field({
      type: [ClassRef],
      description: 'The classes it may see (classes deleted since are left out).',
      resolve: async (r, _args, ctx) => (await listClasses(ctx.deps.db, viewerOf(ctx))).filter((c) => r.classIds.includes(c.id)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When it was last used (to the minute); null if never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked; null while it works.' }),
  }),
});

builder.objectField(UserRef, 'integrationTokens', (t) =>
  t.connection({
    type: IntegrationTokenRef,
    description: "A teacher's integration tokens, newest first, revoked ones included (needs a signed-in teacher, not a token).",
    resolve: async (_user, args, ctx) => resolveArrayConnection({ args }, await listIntegrationTokens(ctx.deps.db, viewerOf(ctx))),
  }),
);

const CreateIntegrationTokenInput = builder.inputType('CreateIntegrationTokenInput', {
  description: 'A new integration token: its name, what it may do and for which classes.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'What it is for, 1–60 characters.' }),
    scopes: t.field({ type: [IntegrationScope], required: true, description: 'At least one scope.' }),
    classIds: t.globalIDList({ required: true, description: 'Global ids of your classes it may see (at least one).' }),
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
      createIntegrationToken(ctx.deps.db, viewerOf(ctx), {
        name: input.name,
        scopes: input.scopes,
        classIds: input.classIds.map((id) => (id.typename === 'Class' ? Number(id.id) : -1)),
      }),
  }),
);

const RevokeIntegrationTokenInput = builder.inputType('RevokeIntegrationTokenInput', {
  description: 'Names a token to revoke.',
  fields: (t) => ({ id: t.globalID({ required: true, description: "The token's global id." }) }),
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
    resolve: (_root, { input }, ctx) => revokeIntegrationToken(ctx.deps.db, viewerOf(ctx), input.id.typename === 'IntegrationToken' ? Number(input.id.id) : -1),
  }),
);

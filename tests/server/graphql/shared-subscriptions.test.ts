/**
 * A live event is executed once per distinct subscription (document, variables, viewer), not
 * once per subscriber; every subscriber still gets its own class's events, an unsubscribed one
 * stops, and a result made for one viewer never reaches another. The subscription's payload
 * here reads the viewer on purpose (`seenBy`), which the real schema's class events do not.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from 'graphql';
import { createYoga } from 'graphql-yoga';
import pino from 'pino';
import { useSharedSubscriptionExecution } from '../../../server/graphql/shared-subscriptions.ts';
import { answerEvent } from '../../helpers/live.ts';
import { createLiveEvents, MAX_WAITING_EVENTS, type ClassEvent, type LiveEvents } from '../../../server/live/pubsub.ts';

let executed = 0;
let live: LiveEvents;

const Event = new GraphQLObjectType<ClassEvent, { viewer: { id: number } | null }>({
  name: 'Event',
  fields: {
    word: {
      type: GraphQLString,
      resolve: (e) => {
        executed++;
        return e.word;
      },
    },
    classId: { type: GraphQLInt },
    seenBy: { type: GraphQLString, resolve: (_e, _args, ctx) => (ctx.viewer ? `user ${ctx.viewer.id}` : 'nobody') },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      activity: {
        type: Event,
        args: { classId: { type: new GraphQLNonNull(GraphQLInt) } },
        subscribe: (_root, { classId }: { classId: number }) => live.subscribe(classId),
        resolve: (event: ClassEvent) => event,
      },
    },
  }),
});
const yoga = createYoga({ schema, plugins: [useSharedSubscriptionExecution()], logging: false });
const DOCUMENT = parse('subscription ($c: Int!) { activity(classId: $c) { word classId seenBy } }');

const teacher = { id: 1, isTeacher: true };
const student = { id: 2, isTeacher: false };
const token = (scopes: string[]) => ({ id: 1, isTeacher: true, integration: { tokenId: 7, scopes, classIds: [10] } });

type Stream = AsyncIterableIterator<ExecutionResult>;

async function open(viewer: object | null, classId: number, document = DOCUMENT): Promise<Stream> {
  const { subscribe } = yoga.getEnveloped({});
  const stream = await subscribe({ schema, document, variableValues: { c: classId }, contextValue: { viewer } });
  if (!(Symbol.asyncIterator in (stream as object))) throw new Error(`not a stream: ${JSON.stringify(stream)}`);
  return stream as Stream;
}

const data = async (stream: Stream) => ((await stream.next()).value as ExecutionResult<{ activity: Record<string, unknown> }>).data?.activity;

describe('subscriptions executed once per distinct subscription', () => {
  beforeEach(() => {
    live = createLiveEvents(undefined, pino({ level: 'silent' }));
    executed = 0;
  });
  afterEach(() => live.close());

  it('gives every subscriber of a class each event, executing it once for all of them', async () => {
    const streams = await Promise.all([open(teacher, 10), open(teacher, 10), open(teacher, 10)]);
    for (const word of ['red', 'blue']) {
      live.publish(answerEvent(10, word));
      for (const s of streams) expect(await data(s)).toEqual({ word, classId: 10, seenBy: 'user 1' });
    }
    expect(executed).toBe(2);
    await Promise.all(streams.map((s) => s.return!()));
  });

  it('executes the same event again for a different document, and each gets what it asked for', async () => {
    const full = await open(teacher, 10);
    const short = await open(teacher, 10, parse('subscription ($c: Int!) { activity(classId: $c) { word } }'));
    live.publish(answerEvent(10, 'red'));
    expect(await data(full)).toEqual({ word: 'red', classId: 10, seenBy: 'user 1' });
    expect(await data(short)).toEqual({ word: 'red' });
    expect(executed).toBe(2);
    await Promise.all([full.return!(), short.return!()]);
  });

  it('never gives a student (or any other viewer) the result made for a teacher with the same document and variables', async () => {
    const teachers = [await open(teacher, 10), await open(teacher, 10)];
    const students = [await open(student, 10), await open(student, 10)];
    const visitor = await open(null, 10);
    const narrowToken = await open(token(['classes:read']), 10);
    const wideToken = await open(token(['classes:read', 'results:read']), 10);
    live.publish(answerEvent(10, 'red'));
    for (const s of teachers) expect((await data(s))?.seenBy).toBe('user 1');
    for (const s of students) expect((await data(s))?.seenBy).toBe('user 2');
    expect((await data(visitor))?.seenBy).toBe('nobody');
    // Same user, but a token's scopes decide what it may see: each token its own result.
    expect((await data(narrowToken))?.seenBy).toBe('user 1');
    expect((await data(wideToken))?.seenBy).toBe('user 1');
    // The teacher's session, the student, the visitor and the two tokens: five executions for seven subscribers.
    expect(executed).toBe(5);
    await Promise.all([...teachers, ...students, visitor, narrowToken, wideToken].map((s) => s.return!()));
  });

  it('gives each class only its own events', async () => {
    const { subscribe } = yoga.getEnveloped({});
    const a = await open(teacher, 10);
    const b = await open(teacher, 11);
    const c = (await subscribe({ schema, document: DOCUMENT, variableValues: { c: 11 }, contextValue: { viewer: teacher } })) as Stream;
    live.publish(answerEvent(10, 'red'));
    live.publish(answerEvent(11, 'blue'));
    expect(await data(a)).toMatchObject({ word: 'red', classId: 10 });
    expect(await data(b)).toMatchObject({ word: 'blue', classId: 11 });
    expect(await data(c)).toMatchObject({ word: 'blue', classId: 11 });
    expect(executed).toBe(2);
    await Promise.all([a.return!(), b.return!(), c.return!()]);
  });

  it('stops a subscriber that unsubscribed, while the others go on', async () => {
    const [stays, leaves] = [await open(teacher, 10), await open(teacher, 10)];
    const waiting = leaves.next();
    await leaves.return!();
    expect(await waiting).toEqual({ done: true, value: undefined });
    live.publish(answerEvent(10, 'red'));
    expect(await data(stays)).toMatchObject({ word: 'red' });
    expect(await leaves.next()).toEqual({ done: true, value: undefined });
    await stays.return!();
  });

  it('refuses a variable the operation cannot take as the caller’s mistake, with nothing subscribed', async () => {
    const { subscribe } = yoga.getEnveloped({});
    const refused = (await subscribe({ schema, document: DOCUMENT, variableValues: { c: 'ten' }, contextValue: { viewer: teacher } })) as ExecutionResult;
    expect(refused.errors?.[0]?.message).toMatch(/Variable "\$c" got invalid value "ten"/);
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('a live view that stops reading', () => {
  it(`ends with an error once more than ${MAX_WAITING_EVENTS} events wait, after giving those it holds`, async () => {
    live = createLiveEvents(undefined, pino({ level: 'silent' }));
    const slow = live.subscribe(10);
    const other = live.subscribe(10);
    for (let i = 0; i <= MAX_WAITING_EVENTS; i++) live.publish(answerEvent(10, `w${i}`));
    await new Promise((r) => setTimeout(r, 50));
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const step = await slow.next();
          if (step.done) break;
          received++;
        }
      })(),
    ).rejects.toThrow(/fell more than 10000 events behind: subscribe again with `after`/);
    expect(received).toBe(MAX_WAITING_EVENTS);
    await other.return!();
    await live.close();
  });
});

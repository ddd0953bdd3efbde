/** Live class activity as a GraphQL subscription (graphql-ws), for the class's teacher only. */
import { ClassEventKindEnum, deprecatedFor, TaskTypeEnum } from '../tasks/enums.ts';
import { builder, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { classActivity, classEventById } from './service.ts';
import { studentLabel } from '../classes/service.ts';
import { AnswerStatusEnum, answerStatusOf, timeoutSecOf } from '../results/graphql.ts';
import type { ClassEvent } from './pubsub.ts';

const ClassEventRef = builder.objectRef<ClassEvent>('ClassEvent');
builder.node(ClassEventRef, {
  description:
    'Something a student did in a class: an answer as it was given, a finished task, or the end of a book. Its `id` is stable: key what you store by it, and pass the last one you have as `classActivity(after:)` to replay from there.',
  id: { resolve: (e) => e.id },
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'kind' in v && 'classId' in v && 'at' in v,
  loadOne: (id, ctx) => classEventById(ctx.deps, viewerOf(ctx), id),
  fields: (t) => ({
    eventId: t.exposeString('id', { description: 'The event within WordBee (`id` is the same as a global id): a client drops events it has already shown.' }),
    kind: t.exposeString('kind', {
      description: 'answer, finished, or bookFinished (the student finished the last unit of the book: no next task; assign a new book).',
      deprecationReason: deprecatedFor('eventKind'),
    }),
    eventKind: t.field({ type: ClassEventKindEnum, description: 'What the event is.', resolve: (e) => e.kind }),
    at: t.expose('at', { type: 'DateTime', description: 'When it happened.' }),
    student: t.exposeString('student', { description: 'The student (a roster name).' }),
    studentUsername: t.string({ nullable: true, description: 'The account that claimed the roster name.', resolve: (e) => e.studentUsername ?? null }),
    studentDisplayName: t.string({
      description: "How a teacher reads the student: the roster name, with the username where they differ ('张伟 (zhangwei01)').",
      resolve: (e) => studentLabel(e.student, e.studentUsername),
    }),
    taskId: t.exposeString('taskId', { description: 'The task id.' }),
    bookUnitId: t.exposeString('bookUnitId', { description: "'{bookID}-{unitID}'." }),
    type: t.exposeString('type', { description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    taskType: t.field({ type: TaskTypeEnum, description: 'How the unit is practised.', resolve: (e) => e.type as 'SB' | 'FM' | 'PA' }),
    position: t.exposeInt('position', { nullable: true, description: 'Answers: the word number, from 1.' }),
    word: t.exposeString('word', { nullable: true, description: 'Answers: the word asked.' }),
    typed: t.exposeString('typed', { nullable: true, description: 'Answers: what the student typed.' }),
    status: t.exposeString('status', {
      nullable: true,
      description: 'Answers: v, x, canceled, skipped or timeout:{s}s.',
      deprecationReason: deprecatedFor('answerStatus (and timeoutSec)'),
    }),
    answerStatus: t.field({
      type: AnswerStatusEnum,
      nullable: true,
      description: 'Answers: how the word was answered; null for other events.',
      resolve: (e) => answerStatusOf(e.status),
    }),
    timeoutSec: t.int({
      nullable: true,
      description: 'Answers with TIMEOUT: the seconds the answer took; null otherwise.',
      resolve: (e) => timeoutSecOf(e.status),
    }),
    score: t.exposeInt('score', { nullable: true, description: 'Finished tasks: the score, 0–100.' }),
    bookTitle: t.string({ nullable: true, description: 'bookFinished: the title of the book.', resolve: (e) => e.bookTitle ?? null }),
    practise: t.stringList({
      nullable: true,
      description: 'A finished Pronunciation Assessment (PA): its words that were mispronounced or not heard, in text order (a PA task has no answer events).',
      resolve: (e) => e.practise ?? null,
    }),
  }),
});

builder.subscriptionType({ description: 'Live updates over graphql-ws at /graphql.' });

builder.subscriptionField('classActivity', (t) =>
  t.field({
    type: ClassEventRef,
    description:
      "A class's activity: first what happened since `since` (default: the last 24 hours), or after the event `after`, then each event as it happens. Teachers only, for their own classes. On reconnect, pass the last event's `id` as `after` (or its time as `since`, and drop events whose id you have shown).",
    args: {
      classId: t.arg.globalID({ required: true, description: 'The Class id.' }),
      since: t.arg({ type: 'DateTime', description: 'Replay events from this time (default: 24 hours ago).' }),
      after: t.arg.globalID({
        description: 'Replay the events after this one (a ClassEvent `id` this subscription sent): the cursor to resume from, instead of `since`.',
      }),
    },
    subscribe: async (_root, { classId, since, after }, ctx) => {
      const rowId = classId.typename === 'Class' ? rowIdOf(classId.id) : null;
      if (rowId === null) throw new NotFoundError('Class not found');
      if (after && after.typename !== 'ClassEvent') throw new ValidationError('`after` must be the id of an event of this class (a ClassEvent id it sent)');
      return classActivity(ctx.deps, viewerOf(ctx), rowId, since, after?.id);
    },
    resolve: (event) => event,
  }),
);

/** My mistakes in GraphQL: the viewer's mistakes, their last finished task, a practice round. */
import { ForbiddenError, ValidationError } from '../errors.ts';
import { builder, viewerOf } from '../graphql/builder.ts';
import { WordCardRef } from '../results/graphql.ts';
import { lastTaskOf, mistakesOf, practiseMistakes, RIGHT_REVIEWS_TO_LEAVE, type LastTask, type Mistake } from './service.ts';

const MistakeRef = builder.objectRef<Mistake>('Mistake').implement({
  description: `A word the student missed (wrong, skipped, too slow) and has not yet got right in ${RIGHT_REVIEWS_TO_LEAVE} reviews since.`,
  fields: (t) => ({
    word: t.field({ type: WordCardRef, description: 'The word card.', resolve: (m) => m.card }),
    timesMissed: t.exposeInt('timesMissed', { description: 'How many answers of finished tasks missed it.' }),
    lastWrongSpelling: t.exposeString('lastWrongSpelling', { description: 'The last wrong spelling typed; empty when none was typed (skipped, time up).' }),
    lastMissedAt: t.expose('lastMissedAt', { type: 'DateTime', description: 'When the task that last missed it was finished.' }),
    rightSince: t.exposeInt('rightSince', { description: `Right reviews since the last miss; at ${RIGHT_REVIEWS_TO_LEAVE} the word leaves the list.` }),
  }),
});

const LastTaskRef = builder.objectRef<LastTask>('LastTask').implement({
  description: "The student's last finished Spelling Bee or Flashcard Master task.",
  fields: (t) => ({
    taskId: t.exposeString('label', { description: 'The task id.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', description: 'When it was finished.' }),
    correct: t.exposeInt('correct', { description: 'Words right.' }),
    total: t.exposeInt('total', { description: 'Words asked.' }),
    missed: t.exposeStringList('missed', { description: 'The words it missed, in the order asked.' }),
  }),
});

builder.queryField('myMistakes', (t) =>
  t.field({
    type: [MistakeRef],
    description: "The signed-in student's mistakes (我的错题本), the most recently missed first; a teacher has none.",
    resolve: (_root, _args, ctx) => mistakesOf(ctx.deps.db, viewerOf(ctx)),
  }),
);

builder.queryField('myLastTask', (t) =>
  t.field({
    type: LastTaskRef,
    nullable: true,
    description: "The signed-in student's last finished Spelling Bee or Flashcard Master task and the words it missed (null before any, and for a teacher).",
    resolve: (_root, _args, ctx) => lastTaskOf(ctx.deps.db, viewerOf(ctx)),
  }),
);

const PracticeAnswerInput = builder.inputType('PracticeAnswerInput', {
  description: 'One answer of a practice round of the student’s mistakes.',
  fields: (t) => ({
    word: t.string({ required: true, description: 'The word asked (one of the student’s mistakes).' }),
    typed: t.string({ required: true, description: 'What the student typed.' }),
    status: t.string({ required: true, description: 'v, x or skipped.' }),
  }),
});

const PracticePayload = builder.objectRef<{ correct: number; total: number; remaining: Mistake[] }>('PracticePayload').implement({
  description: 'The practice round reviewed the words in the student’s memory model.',
  fields: (t) => ({
    correct: t.exposeInt('correct', { description: 'Words right.' }),
    total: t.exposeInt('total', { description: 'Words practised.' }),
    remaining: t.field({ type: [MistakeRef], description: 'The mistakes left after the round.', resolve: (p) => p.remaining }),
  }),
});

builder.mutationField('practiseMistakes', (t) =>
  t.field({
    type: PracticePayload,
    description: "A student's own practice of their mistakes: updates their memory model only (no task, result or report).",
    errors: { types: [ValidationError, ForbiddenError] },
    args: { answers: t.arg({ type: [PracticeAnswerInput], required: true, description: 'The round’s answers, in order.' }) },
    resolve: (_root, { answers }, ctx) => practiseMistakes(ctx.deps.db, viewerOf(ctx), answers),
  }),
);

/** My mistakes in GraphQL: the viewer's mistakes, their last finished task, a practice round; a class's weak words and assigning them. */
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { ClassRef, classNameOf } from '../classes/graphql.ts';
import { AssignableTaskTypeEnum, deprecatedFor, eitherOf } from '../tasks/enums.ts';
import { assignedText } from '../tasks/rest.ts';
import { studentLabel } from '../classes/service.ts';
import {
  assignWords,
  MAX_WEAK_WORDS,
  MAX_WRONG_SPELLINGS,
  weakWordsOfClass,
  type ClassWeakWords,
  type WeakPeriod,
  type WeakWord,
  type WeakWordStudent,
} from './class.ts';
import { builder, viewerOf } from '../graphql/builder.ts';
import { AnswerStatusEnum, WordCardRef } from '../results/graphql.ts';
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
    resolve: (_root, _args, ctx) => mistakesOf(ctx.deps, viewerOf(ctx)),
  }),
);

builder.queryField('myLastTask', (t) =>
  t.field({
    type: LastTaskRef,
    nullable: true,
    description: "The signed-in student's last finished Spelling Bee or Flashcard Master task and the words it missed (null before any, and for a teacher).",
    resolve: (_root, _args, ctx) => lastTaskOf(ctx.deps, viewerOf(ctx)),
  }),
);

const PracticeAnswerInput = builder.inputType('PracticeAnswerInput', {
  description: 'One answer of a practice round of the student’s mistakes.',
  fields: (t) => ({
    word: t.string({ required: true, description: 'The word asked (one of the student’s mistakes).' }),
    typed: t.string({ required: true, description: 'What the student typed.' }),
    answerStatus: t.field({ type: AnswerStatusEnum, description: 'CORRECT, WRONG or SKIPPED. Required unless the deprecated status is given.' }),
    status: t.string({ description: 'v, x or skipped.', deprecationReason: deprecatedFor('answerStatus') }),
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
    resolve: (_root, { answers }, ctx) =>
      practiseMistakes(
        ctx.deps,
        viewerOf(ctx),
        answers.map((a, i) => {
          const status = eitherOf<string>(a.answerStatus, a.status, 'answerStatus', 'status');
          if (status === undefined) throw new ValidationError(`Answer ${i + 1} needs answerStatus`, 'answers');
          return { word: a.word, typed: a.typed, status };
        }),
      ),
  }),
);

// ---------------------------------------------------------------- the class's weak words (班级易错词)

const WeakPeriodEnum = builder.enumType('WeakWordsPeriod', {
  description: "The period a class's weak words are counted over, in the school's time zone.",
  values: {
    WEEK: { value: 'week' as WeakPeriod, description: 'This week: since Monday 00:00.' },
    TERM: { value: 'term' as WeakPeriod, description: 'This term: since 1 September or 1 February, whichever came last.' },
  },
});

const CommonWrongSpellingRef = builder.objectRef<{ spelling: string; count: number }>('CommonWrongSpelling').implement({
  description: 'A wrong spelling of a word and how often it was typed.',
  fields: (t) => ({
    spelling: t.exposeString('spelling', { description: 'What was typed.' }),
    count: t.exposeInt('count', { description: 'How many answers typed it.' }),
  }),
});

const WeakWordStudentRef = builder.objectRef<WeakWordStudent>('WeakWordStudent').implement({
  description: 'A student who missed a weak word.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The roster name.' }),
    username: t.exposeString('username', { nullable: true, description: 'The account that claimed the roster name.' }),
    displayName: t.string({
      description: "How a teacher reads the student: the roster name, with the username where they differ ('张伟 (zhangwei01)').",
      resolve: (s) => studentLabel(s.name, s.username),
    }),
    timesMissed: t.exposeInt('timesMissed', { description: 'How many of their answers in the period missed the word.' }),
  }),
});

const WeakWordRef = builder.objectRef<WeakWord>('WeakWord').implement({
  description: 'A word the class missed (wrong, skipped, time ran out) in the period.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The word.' }),
    card: t.field({ type: WordCardRef, nullable: true, description: "The word's card (null for a word WordBee has no card for).", resolve: (w) => w.card }),
    studentCount: t.exposeInt('studentCount', { description: 'How many students missed it at least once.' }),
    timesMissed: t.exposeInt('timesMissed', { description: 'How many answers missed it.' }),
    wrongSpellings: t.field({
      type: [CommonWrongSpellingRef],
      description: `The most common wrong spellings typed (up to ${MAX_WRONG_SPELLINGS}), most common first.`,
      resolve: (w) => w.wrongSpellings,
    }),
    students: t.field({ type: [WeakWordStudentRef], description: 'The students who missed it, who missed it most first.', resolve: (w) => w.students }),
  }),
});

const ClassWeakWordsRef = builder.objectRef<ClassWeakWords>('ClassWeakWords').implement({
  description: "A class's weak words (班级易错词) in a period.",
  fields: (t) => ({
    period: t.field({ type: WeakPeriodEnum, description: 'The period asked for.', resolve: (w) => w.period }),
    since: t.expose('since', { type: 'DateTime', description: 'When the period began.' }),
    sinceDay: t.exposeString('sinceDay', { description: "The day the period began, in the school's time zone ('2026-11-23')." }),
    words: t.field({
      type: [WeakWordRef],
      description: `The words missed by the most students first, then by the most answers (at most ${MAX_WEAK_WORDS}).`,
      resolve: (w) => w.words,
    }),
  }),
});

builder.objectField(ClassRef, 'weakWords', (t) =>
  t.field({
    type: ClassWeakWordsRef,
    description:
      "The words the class's students missed most in the period (answers of finished tasks), with the students and wrong spellings; assign them with `assignWords`.",
    args: { period: t.arg({ type: WeakPeriodEnum, defaultValue: 'week', required: true, description: 'This week (default) or this term.' }) },
    resolve: (klass, { period }, ctx) => weakWordsOfClass(ctx.deps, klass.id, period, ctx.deps.config.timeZone),
  }),
);

const AssignWordsInput = builder.inputType('AssignWordsInput', {
  description: "A list of words to assign to a class as a task (e.g. the class's weak words).",
  fields: (t) => ({
    classId: t.globalID({ description: 'One of your classes, by its global id (`Class.id`). Required unless the deprecated className is given.' }),
    className: t.string({ description: 'One of your classes.', deprecationReason: deprecatedFor('classId') }),
    words: t.stringList({ required: true, description: `The words (1–${MAX_WEAK_WORDS}), each one WordBee has a word card for.` }),
    taskType: t.field({ type: AssignableTaskTypeEnum, description: 'What to assign; default: what a textbook unit assigns in the class (textbookTaskType).' }),
    type: t.string({
      description: 'PA+SB, PA, SB or FM; default: what a textbook unit assigns in the class (tbTaskType).',
      deprecationReason: deprecatedFor('taskType'),
    }),
    taskDueDays: t.int({ description: "Default: the class's taskDueDays." }),
  }),
});

const AssignWordsPayload = builder.objectRef<{ info: string; bookUnitId: string }>('AssignWordsPayload').implement({
  description: "The words were assigned as a unit of the class's weak-words book, like any unit.",
  fields: (t) => ({
    info: t.exposeString('info', { description: "What assignTask says: starts with 'success'." }),
    bookUnitId: t.exposeString('bookUnitId', { description: "The unit that holds the words: '{bookID}-{unitID}'." }),
  }),
});

builder.mutationField('assignWords', (t) =>
  t.field({
    type: AssignWordsPayload,
    description:
      "Assigns a list of words to every student of one of your classes (teachers only): they become a unit of the class's weak-words book (reused when the newest unit holds the same words), assigned as assignTask assigns a unit.",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: AssignWordsInput, required: true, description: 'The class and the words.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { assigned, bookUnitId } = await assignWords(
        ctx.deps,
        viewerOf(ctx),
        {
          className: await classNameOf(ctx, input),
          words: input.words,
          type: eitherOf<string>(input.taskType, input.type, 'taskType', 'type', (a, b) => a === b.trim()),
          taskDueDays: input.taskDueDays ?? undefined,
        },
        ctx.deps.config.timeZone,
      );
      return { info: assignedText(assigned), bookUnitId };
    },
  }),
);

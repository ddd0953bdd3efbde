/** Results in GraphQL: a player's task content, each answer as it is given, the final result. */
import { deprecatedFor, eitherOf, TaskTypeEnum } from '../tasks/enums.ts';
import { VocabularyLevelEnum } from '../textbooks/graphql.ts';
import type { Level, WordCard } from '../textbooks/service.ts';
import { studentLabel } from '../classes/service.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { offsetConnection, placeConnection } from '../graphql/connections.ts';
import { builder, placeCursor, placeOf, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { taskContent, type TaskContent } from '../tasks/service.ts';
import { taskIdSchema } from '../tasks/schemas.ts';
import { bookById, unitOf } from '../textbooks/service.ts';
import { recordAnswer, submitSpellingResult, type ResultReceipt } from './service.ts';
import {
  classResultById,
  classResultsPage,
  dashboardRecordById,
  dashboardRecords,
  passedPercent,
  vocabulary,
  type DashboardRecord,
  type FinishedTask,
  type ResultPosition,
} from './dashboard.ts';
import { ClassRef } from '../classes/graphql.ts';
import { taskIdOf } from '../tasks/service.ts';
import { UserRef } from '../users/graphql.ts';
import type { Viewer } from '../deps.ts';
import { MAX_PRACTICE_TEXT, MAX_UPLOAD_BYTES, submitPronunciation, type PronunciationReceipt } from './pronunciation.ts';
import type { PhoneScore, WordScore } from '../speech/pa/result.ts';
import { BusyError } from '../speech/tts.ts';
import { bytesOfUpload } from '../http/uploads.ts';

const ttsUrl = (text: string) => `/api/v1.0/tts/?text=${encodeURIComponent(text)}`;

export const WordCardRef = builder.objectRef<WordCard>('WordCard').implement({
  description: 'A word card: the word, how it sounds, what it means and how it is used.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The word or phrase, exactly as it must be typed.' }),
    partOfSpeech: t.exposeString('partOfSpeech', { description: "e.g. 'n.' or 'v.' (empty when unknown)." }),
    phonetic: t.exposeString('phonetic', { description: 'IPA, e.g. /ˈæpəl/ (empty when unknown).' }),
    definition: t.exposeString('definition', { description: 'A simple English definition.' }),
    sentences: t.exposeStringList('sentences', { description: 'Example sentences; the first is the Spelling Bee sentence.' }),
    pictureUrl: t.string({
      nullable: true,
      description: 'The picture (avatar), when the word has one.',
      resolve: (w) => (w.picture ? `/avatars/${w.picture}` : null),
    }),
    audioUrl: t.string({ description: 'The word spoken.', resolve: (w) => ttsUrl(w.text) }),
    sentenceAudioUrl: t.string({
      description: 'The word, its first sentence, and the word again, spoken (the Spelling Bee prompt).',
      resolve: (w) => ttsUrl(`${w.text}. ${w.sentences[0] ?? ''} ${w.text}.`.slice(0, 200)),
    }),
  }),
});

const TaskContentRef = builder.objectRef<TaskContent>('TaskContent').implement({
  description: 'What a player loads for a task id.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'The task id (the first item of the spec’s task array).' }),
    type: t.exposeString('type', { description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    taskType: t.field({ type: TaskTypeEnum, description: 'How the unit is practised (what the player shows).', resolve: (c) => c.type as 'SB' | 'FM' | 'PA' }),
    unitTitle: t.string({
      nullable: true,
      description: "The unit as people call it, with its book ('Unit 3: Animals · PEP 3A'); null for free practice.",
      resolve: async (c, _args, ctx) => {
        const parts = taskIdSchema.safeParse(c.label);
        if (!parts.success || parts.data.practice) return null;
        const { bookId, unitId } = parts.data;
        const [book, unit] = await Promise.all([bookById(ctx.deps, viewerOf(ctx), bookId), unitOf(ctx.deps, bookId, unitId)]);
        // The book by its short name: a title is "National standards 2022: every curriculum word, …".
        return `${unit?.title || `Unit ${unitId}`} · ${book?.title.split(':')[0] ?? bookId}`;
      },
    }),
    spellingTimeoutSec: t.int({
      description: 'Spelling Bee countdown per word (the class setting).',
      resolve: (c) => (c.type === 'SB' ? c.spellingTimeoutSec : 15),
    }),
    words: t.field({ type: [WordCardRef], description: 'The words to practise, in order.', resolve: (c) => c.words }),
  }),
});

builder.queryField('taskContent', (t) =>
  t.field({
    type: TaskContentRef,
    description: "A task's words for its player: the student's own open task, a teacher's preview, or '0' for free practice.",
    args: { taskId: t.arg.string({ required: true, description: "A task id from `Task.taskId`, or '0' for free practice." }) },
    resolve: (_root, { taskId }, ctx) => taskContent(ctx.deps, viewerOf(ctx), taskId),
  }),
);

type AnswerStatus = 'v' | 'x' | 'canceled' | 'skipped' | 'timeout';

/** An answer's status (the spec's v, x, canceled, skipped, timeout:{s}s) as an enum; a timeout's seconds are `timeoutSec` beside it. */
export const AnswerStatusEnum = builder.enumType('AnswerStatus', {
  description: "How a word was answered (the spec's v, x, canceled, skipped and timeout:{s}s).",
  values: {
    CORRECT: { value: 'v', description: "Spelled right (the spec's v)." },
    WRONG: { value: 'x', description: "Spelled wrong (the spec's x)." },
    CANCELED: { value: 'canceled', description: 'The task was left before this word was answered.' },
    SKIPPED: { value: 'skipped', description: 'The student skipped the word.' },
    TIMEOUT: { value: 'timeout', description: 'The answer took 60 seconds or more; `timeoutSec` says how long.' },
  } as const,
});

/** The stored status text of an enum status (and a timeout's seconds). */
function answerStatusText(status: AnswerStatus, timeoutSec: number | null | undefined): string {
  if (status !== 'timeout') {
    if (timeoutSec != null) throw new ValidationError('timeoutSec is only for a TIMEOUT answer', 'timeoutSec');
    return status;
  }
  if (timeoutSec == null) throw new ValidationError('A TIMEOUT answer needs timeoutSec', 'timeoutSec');
  return `timeout:${timeoutSec}s`;
}
/** The enum status of a stored status text (null for none). */
export const answerStatusOf = (status: string | null | undefined): AnswerStatus | null =>
  status == null ? null : status.startsWith('timeout:') ? 'timeout' : (status as AnswerStatus);
/** A timeout's seconds, from its stored status text ('timeout:75s'); null for any other status. */
export const timeoutSecOf = (status: string | null | undefined): number | null => {
  const match = /^timeout:(\d+)s$/.exec(status ?? '');
  return match ? Number(match[1]) : null;
};

const AnswerInput = builder.inputType('AnswerInput', {
  description: 'One answer of a running task (a row of the sbArr).',
  fields: (t) => ({
    taskId: t.string({ required: true, description: 'The task being played.' }),
    position: t.int({ required: true, description: '1 for the first word.' }),
    word: t.string({ required: true, description: 'The word asked.' }),
    typed: t.string({ required: true, description: 'What the student typed.' }),
    answerStatus: t.field({ type: AnswerStatusEnum, description: 'How the word was answered. Required unless the deprecated status is given.' }),
    timeoutSec: t.int({ description: 'TIMEOUT only: the seconds the answer took (60 or more).' }),
    status: t.string({ description: 'v, x, canceled, skipped or timeout:{s}s.', deprecationReason: deprecatedFor('answerStatus (and timeoutSec)') }),
  }),
});

const AnswerPayload = builder.objectRef<{ position: number; status: string }>('AnswerPayload').implement({
  description: 'The answer was recorded.',
  fields: (t) => ({
    position: t.exposeInt('position', { description: 'The word number, from 1.' }),
    status: t.exposeString('status', { description: 'The status as stored.', deprecationReason: deprecatedFor('answerStatus (and timeoutSec)') }),
    answerStatus: t.field({ type: AnswerStatusEnum, description: 'The status as stored.', resolve: (a) => answerStatusOf(a.status)! }),
    timeoutSec: t.int({ nullable: true, description: 'TIMEOUT: the seconds the answer took; null otherwise.', resolve: (a) => timeoutSecOf(a.status) }),
  }),
});

builder.mutationField('recordAnswer', (t) =>
  t.field({
    type: AnswerPayload,
    description: 'Records one answer as it is given (the live class view shows it).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: AnswerInput, required: true, description: 'The answer.' }) },
    resolve: (_root, { input }, ctx) => {
      const fromEnum = input.answerStatus == null ? null : answerStatusText(input.answerStatus, input.timeoutSec);
      if (fromEnum === null && input.timeoutSec != null) throw new ValidationError('timeoutSec is only for a TIMEOUT answer', 'timeoutSec');
      const status = eitherOf(fromEnum, input.status, 'answerStatus', 'status');
      if (status === undefined) throw new ValidationError('answerStatus is required', 'answerStatus');
      return recordAnswer(ctx.deps, viewerOf(ctx), { ...input, status });
    },
  }),
);

const WrongSpellingRef = builder.objectRef<{ word: string; typed: string }>('WrongSpelling').implement({
  description: 'A word spelled wrong, and how.',
  fields: (t) => ({
    word: t.exposeString('word', { description: 'The word asked.' }),
    typed: t.exposeString('typed', { description: 'What the student typed.' }),
  }),
});

const ResultPayload = builder.objectRef<ResultReceipt>('ResultPayload').implement({
  description: 'The stored result of a finished task.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: 'floor(100 × correct / words).' }),
    correct: t.exposeInt('correct', { description: 'Words right.' }),
    total: t.exposeInt('total', { description: 'Words in the task.' }),
    alreadyStored: t.boolean({ resolve: (r) => !r.stored, description: 'True when this exact result had been posted before.' }),
    wrongSpellings: t.field({ type: [WrongSpellingRef], description: 'The spelling-check list.', resolve: (r) => r.wrongSpellings }),
    nextTask: t.string({
      nullable: true,
      description: "The automatically assigned next task, as '{bookID}-{unitID} {Type}'.",
      resolve: (r) => (r.next.assigned ? `${r.next.bookUnitId} ${r.next.type}` : null),
    }),
  }),
});

builder.mutationField('submitResult', (t) =>
  t.field({
    type: ResultPayload,
    description: 'Posts the sbArr of a finished Spelling Bee or Flashcard Master task (spec section 3). Posting it again stores nothing new.',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, ConflictError] },
    args: { sbArr: t.arg({ type: 'JSON', required: true, description: 'The spec-shaped sbArr: the task id, then one row per word.' }) },
    resolve: (_root, { sbArr }, ctx) => submitSpellingResult(ctx.deps, viewerOf(ctx), sbArr),
  }),
);

const DashboardRecordRef = builder.objectRef<DashboardRecord>('DashboardRecord');
builder.node(DashboardRecordRef, {
  description:
    "One finished task: the student's score and the class's on the same assignment. Its id is this student's result, stable while more are finished: key what you store by it (testId is the assignment's, shared by the class). Only the student whose dashboard it is can fetch it with `node(id:)`.",
  id: { resolve: (r) => r.resultId },
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'testId' in v && 'resultId' in v,
  loadOne: async (id, ctx) => {
    const rowId = rowIdOf(id);
    return rowId === null ? null : dashboardRecordById(ctx.deps, viewerOf(ctx), rowId);
  },
  fields: (t) => ({
    testId: t.exposeString('testId', { description: "'{bookID}-{unitID}-{TPID}-{Type}'." }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', description: 'When the student finished.' }),
    currentScore: t.exposeInt('currentScore', { description: "The student's score, 0–100." }),
    averageScore: t.exposeInt('averageScore', { description: 'The class average on the same assignment, rounded.' }),
    maxScore: t.exposeInt('maxScore', { description: 'The best score in the class on the same assignment.' }),
    minScore: t.exposeInt('minScore', { description: 'The lowest score in the class on the same assignment.' }),
  }),
});

const LevelVocabularyRef = builder.objectRef<{ level: string; passed: number; required: number }>('LevelVocabulary').implement({
  description: 'Words of a level the student has spelled right in National standards Spelling Bee tasks.',
  fields: (t) => ({
    level: t.exposeString('level', { description: 'FC, ES, MS, HM or HSM.', deprecationReason: deprecatedFor('vocabularyLevel') }),
    vocabularyLevel: t.field({ type: VocabularyLevelEnum, description: 'The level.', resolve: (v) => v.level as Level }),
    passed: t.exposeInt('passed', { description: 'Words passed.' }),
    required: t.exposeInt('required', { description: "The level's list size." }),
    percent: t.int({ description: 'Whole number, truncated.', resolve: (v) => passedPercent([v.passed, v.required]) }),
  }),
});

const DashboardRef = builder.objectRef<Viewer>('Dashboard').implement({
  description: "The signed-in student's scores and vocabulary (spec screen 7).",
  fields: (t) => ({
    finishedTasks: t.connection({
      type: DashboardRecordRef,
      description: 'Finished tasks, with the class comparison, in the order they were finished; page with first/after.',
      resolve: async (viewer, args, ctx) => offsetConnection(args, await dashboardRecords(ctx.deps, viewer)),
    }),
    records: t.field({
      type: [DashboardRecordRef],
      deprecationReason: 'Use `finishedTasks`, a connection (first/after). May be removed after 2027-06-01.',
      description: 'Finished tasks, with the class comparison.',
      resolve: (viewer, _a, ctx) => dashboardRecords(ctx.deps, viewer),
    }),
    vocabulary: t.field({
      type: [LevelVocabularyRef],
      description: 'The vocabulary measure, per level.',
      resolve: async (viewer, _a, ctx) =>
        Object.entries(await vocabulary(ctx.deps, viewer)).map(([level, [passed, required]]) => ({ level, passed, required })),
    }),
  }),
});

builder.objectField(UserRef, 'dashboard', (t) => t.field({ type: DashboardRef, description: 'Scores and vocabulary of this user.', resolve: (user) => user }));

// ---------------------------------------------------------------- pronunciation assessment

const PhoneScoreRef = builder.objectRef<PhoneScore>('PhoneScore').implement({
  description: 'One sound of a word and how well it was pronounced.',
  fields: (t) => ({
    phone: t.exposeString('phone', { description: 'The sound as an ARPAbet phone, e.g. "TH".' }),
    score: t.exposeInt('score', { description: '0–100.' }),
  }),
});

const WordErrorRef = builder.enumType('PronunciationError', {
  description: 'What was wrong with a word.',
  values: {
    none: { description: 'Pronounced well.' },
    mispronounced: { description: 'Said, but some sounds were off.' },
    omitted: { description: 'Not heard in the recording.' },
  } as const,
});

/** The same as PronunciationError, with values in the API's SCREAMING_SNAKE style (the old enum's are lower case). */
const WordErrorTypeRef = builder.enumType('PronunciationErrorType', {
  description: 'What was wrong with a word.',
  values: {
    NONE: { value: 'none', description: 'Pronounced well.' },
    MISPRONOUNCED: { value: 'mispronounced', description: 'Said, but some sounds were off.' },
    OMITTED: { value: 'omitted', description: 'Not heard in the recording.' },
  } as const,
});

const WordScoreRef = builder.objectRef<WordScore>('PronouncedWord').implement({
  description: 'A target word of a Pronunciation Assessment, in the order of the text.',
  fields: (t) => ({
    word: t.exposeString('word', { description: 'The target word.' }),
    score: t.exposeInt('score', { description: '0–100.' }),
    heard: t.exposeBoolean('heard', { description: 'False when the word was not heard at all.' }),
    error: t.field({
      type: WordErrorRef,
      description: 'The error type, as Azure Pronunciation Assessment names them.',
      deprecationReason: deprecatedFor('errorType'),
      resolve: (w) => w.error,
    }),
    errorType: t.field({ type: WordErrorTypeRef, description: 'The error type, as Azure Pronunciation Assessment names them.', resolve: (w) => w.error }),
    start: t.exposeFloat('start', { description: 'Seconds from the start of the recording (0 when omitted).' }),
    end: t.exposeFloat('end', { description: 'Seconds from the start of the recording (0 when omitted).' }),
    phones: t.field({ type: [PhoneScoreRef], description: 'The word’s sounds with their scores.', resolve: (w) => w.phones }),
    audioUrl: t.string({ description: 'Reference audio of the word (text-to-speech).', resolve: (w) => ttsUrl(w.word) }),
  }),
});

const PronunciationPayload = builder.objectRef<PronunciationReceipt>('PronunciationPayload').implement({
  description: 'The scored recording of a Pronunciation Assessment task.',
  fields: (t) => ({
    total: t.int({ description: '0–100: accuracy, fluency and completeness together.', resolve: (r) => r.result.total }),
    accuracy: t.int({ description: '0–100: how well the words that were said were pronounced.', resolve: (r) => r.result.accuracy }),
    fluency: t.int({ description: '0–100: how smoothly they were said.', resolve: (r) => r.result.fluency }),
    completeness: t.int({ description: '0–100: the share of the words that were heard.', resolve: (r) => r.result.completeness }),
    words: t.field({ type: [WordScoreRef], description: 'Every target word in the order of the text.', resolve: (r) => r.result.words }),
    alreadyStored: t.boolean({
      description: 'True when this recording had been uploaded for the task before.',
      resolve: (r) => r.resultId !== null && !r.stored,
    }),
    practice: t.boolean({ description: 'True for free practice, which is scored but not stored.', resolve: (r) => r.resultId === null }),
    nextTask: t.string({
      nullable: true,
      description: "The automatically assigned next task, as '{bookID}-{unitID} {Type}'.",
      resolve: (r) => (r.next.assigned ? `${r.next.bookUnitId} ${r.next.type}` : null),
    }),
  }),
});

builder.mutationField('submitRecording', (t) =>
  t.field({
    type: PronunciationPayload,
    description:
      "Uploads the recording of a Pronunciation Assessment task (WebM or Ogg Opus, or WAV) and returns its scores. taskId '0' is free practice (scored, not stored), against `text` when given. Uploading the same recording again stores nothing new.",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, ConflictError, BusyError] },
    args: {
      taskId: t.arg.string({ required: true, description: "The task id (label) of the PA task, or '0' for free practice." }),
      recording: t.arg({ type: 'File', required: true, description: 'The recorded audio.' }),
      text: t.arg.string({
        description: `Free practice only (taskId '0'): the words said, scored in their order (at most ${MAX_PRACTICE_TEXT} characters and 60 words; punctuation marks phrase ends). Without it, free practice scores the practice list the Record screen shows.`,
      }),
    },
    resolve: async (_root, { taskId, recording, text }, ctx) => {
      const viewer = viewerOf(ctx);
      if (recording.size > MAX_UPLOAD_BYTES) throw new ValidationError(`The recording is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
      const bytes = await bytesOfUpload(recording); // the upload's own buffer, not a copy
      return submitPronunciation(ctx.deps, viewer, { fileName: taskId, bytes, text });
    },
  }),
);

// ---------------------------------------------------------------- a class's results, for integrations

type ClassResult = FinishedTask & { teacher: string };
const ClassResultRef = builder.objectRef<ClassResult>('ClassResult');
builder.node(ClassResultRef, {
  description:
    "A student's finished task: the result a gradebook keeps. Its id is this student's result (taskId is shared by every student of an assignment): key what you store by it.",
  id: { resolve: (r) => r.id },
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'correct' in v && 'finishedAt' in v && 'assignmentId' in v,
  loadOne: async (id, ctx) => {
    const rowId = rowIdOf(id);
    const viewer = viewerOf(ctx);
    if (rowId === null) return null;
    const found = await classResultById(ctx.deps, viewer, rowId);
    return found ? { ...found, teacher: viewer.teacherName } : null;
  },
  fields: (t) => ({
    student: t.exposeString('student', { description: 'The student (a roster name).' }),
    studentUsername: t.exposeString('studentUsername', { nullable: true, description: 'The account that claimed the roster name.' }),
    studentDisplayName: t.string({
      description: 'How a teacher reads the student: the roster name, with the username where they differ.',
      resolve: (r) => studentLabel(r.student, r.studentUsername),
    }),
    taskId: t.string({ description: 'The task id: {bookID}-{unitID}-{TPID}-{Type}-{teachername}.', resolve: (r) => taskIdOf({ ...r, teacher: r.teacher }) }),
    bookUnitId: t.string({ description: "'{bookID}-{unitID}'.", resolve: (r) => `${r.bookId}-${r.unitId}` }),
    type: t.exposeString('type', { description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    taskType: t.field({ type: TaskTypeEnum, description: 'How the unit was practised.', resolve: (r) => r.type as 'SB' | 'FM' | 'PA' }),
    score: t.exposeInt('score', { description: 'The score, 0–100.' }),
    correct: t.exposeInt('correct', { description: 'Words right.' }),
    total: t.exposeInt('total', { description: 'Words in all.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', description: 'When the student finished the task.' }),
  }),
});

/** A result's place in the list, as an opaque cursor. */
const toCursor = (r: FinishedTask) => placeCursor('ClassResult', r.finishedAt, r.id);
function fromCursor(cursor: string | undefined): ResultPosition | undefined {
  if (cursor === undefined) return undefined;
  const { at, key } = placeOf('ClassResult', cursor);
  const id = rowIdOf(key);
  if (id === null) throw new ValidationError('Not a cursor of this list: pass an endCursor or startCursor it gave');
  return { at, id };
}

builder.objectField(ClassRef, 'results', (t) =>
  t.connection({
    type: ClassResultRef,
    description:
      "The class's finished tasks, oldest first (newest first with last/before), page by page with first/after. The cursors are positions in time: results added while a gradebook pages through never make it repeat or skip one. Pass `since` to catch up from a time on.",
    args: { since: t.arg({ type: 'DateTime', description: 'Only results finished at this time or later.' }) },
    resolve: (klass, args, ctx) =>
      placeConnection<ClassResult>({ args, toCursor, defaultSize: 50, maxSize: 100 }, async ({ after, before, limit, inverted }) => {
        const viewer = viewerOf(ctx);
        const rows = await classResultsPage(ctx.deps, viewer, klass.id, {
          after: fromCursor(after),
          before: fromCursor(before),
          limit,
          newestFirst: inverted,
          since: args.since,
        });
        return rows.map((r) => ({ ...r, teacher: viewer.teacherName }));
      }),
  }),
);

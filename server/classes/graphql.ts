/** Classes in GraphQL: the teacher's classes, press options, add / delete / select. */
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { offsetConnection } from '../graphql/connections.ts';
import { builder, rowIdOf, viewerOf, type GraphQLContext } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { deprecatedFor, eitherOf, STRING_KIND_REMOVAL } from '../tasks/enums.ts';
import {
  addClass,
  classById,
  deleteClass,
  listClasses,
  listPressOptions,
  releaseRosterName,
  removeStudent,
  selectClass,
  selectedClassOf,
  setJoinWithoutRoster,
  signupRoster,
  studentLabel,
  type ClassRecord,
  type RosterLine,
} from './service.ts';
import { nameKey, requireTeacher } from '../access.ts';
import { CLASS_TASK_TYPES, SCHOOL_IDS } from './schemas.ts';

export const ClassRef = builder.objectRef<ClassRecord>('Class');

export const SchoolLevelEnum = builder.enumType('SchoolLevel', {
  description: 'The school level a class teaches, which decides the textbooks it is offered.',
  values: {
    K12: { value: 'K-12', description: 'A school of every level (K-12): textbooks of every level.' },
    ES: { value: 'ES', description: 'Elementary (primary) school.' },
    MS: { value: 'MS', description: 'Middle (junior high) school.' },
    HS: { value: 'HS', description: 'High (senior high) school.' },
  } as const,
});
type SchoolLevel = (typeof SCHOOL_IDS)[number];

const TextbookTaskTypeEnum = builder.enumType('TextbookTaskType', {
  description: 'What a click on a textbook unit assigns in a class.',
  values: {
    PA_SB: { value: 'PA+SB', description: 'A Pronunciation Assessment task and a Spelling Bee task of the unit.' },
    PA: { value: 'PA', description: 'Pronunciation Assessment.' },
    SB: { value: 'SB', description: 'Spelling Bee.' },
  } as const,
});
type TextbookTaskType = (typeof CLASS_TASK_TYPES)[number];

/** A class's global id in an input, beside the deprecated name (tokens and webhooks take ids). */
const classIdDescription = 'The class, by its global id (`Class.id`).';
const classNameDeprecation = `Use classId. May be removed after ${STRING_KIND_REMOVAL}.`;

/**
 * The name of the class an input names, by its global id (`classId`) or by the deprecated
 * `className`: the service looks classes up by name. An id of another teacher's class, or
 * outside an integration token's classes, is not found; an id and a name of two classes are refused.
 */
export async function classNameOf(
  ctx: GraphQLContext,
  input: { classId?: { typename: string; id: string } | null; className?: string | null },
): Promise<string> {
  if (input.classId == null) {
    if (input.className == null) throw new ValidationError('classId is required', 'classId');
    return input.className;
  }
  const rowId = input.classId.typename === 'Class' ? rowIdOf(input.classId.id) : null;
  const klass = rowId === null ? null : await classById(ctx.deps, viewerOf(ctx), rowId);
  if (!klass) throw new NotFoundError('Class not found');
  if (input.className != null && nameKey(input.className) !== klass.nameKey)
    throw new ValidationError('Give classId or className, not two different classes', 'classId');
  return klass.name;
}

const RosterLineRef = builder.objectRef<RosterLine>('RosterLine').implement({
  description: 'One name on a class roster and the account that claimed it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The name as the teacher wrote it (any script, spaces, 1–30 characters).' }),
    username: t.exposeString('username', { nullable: true, description: 'The student account that claimed the name; null while nobody has.' }),
    displayName: t.string({
      description: "How a teacher reads the student: the name, with the username beside it where they differ ('张伟 (zhangwei01)').",
      resolve: (r) => studentLabel(r.name, r.username),
    }),
  }),
});

builder.node(ClassRef, {
  description: "A teacher's class: its roster and task settings.",
  id: { resolve: (c) => c.id },
  loadOne: async (id, ctx) => {
    const viewer = viewerOf(ctx);
    const rowId = rowIdOf(id);
    if (!viewer.isTeacher || rowId === null) return null;
    const klass = await classById(ctx.deps, viewer, rowId);
    if (!klass) return null;
    return (await listClasses(ctx.deps, viewer)).find((c) => c.id === klass.id) ?? null;
  },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The class name (className), unique per teacher.' }),
    schoolId: t.exposeString('schoolId', { description: `School level: ${SCHOOL_IDS.join(', ')}.`, deprecationReason: deprecatedFor('schoolLevel') }),
    schoolLevel: t.field({ type: SchoolLevelEnum, description: 'The school level.', resolve: (c) => c.schoolId as SchoolLevel }),
    pressId: t.exposeString('pressId', { description: 'The textbook series.' }),
    students: t.exposeStringList('students', { description: 'The roster: student names, signed up or not yet.' }),
    tbTaskType: t.exposeString('tbTaskType', {
      description: `What a click on a textbook unit assigns: ${CLASS_TASK_TYPES.join(', ')}.`,
      deprecationReason: deprecatedFor('textbookTaskType'),
    }),
    textbookTaskType: t.field({
      type: TextbookTaskTypeEnum,
      description: 'What a click on a textbook unit assigns.',
      resolve: (c) => c.tbTaskType as TextbookTaskType,
    }),
    spellingTimeoutSec: t.exposeInt('spellingTimeoutSec', { description: 'Spelling Bee countdown per word, in seconds.' }),
    taskDueDays: t.exposeInt('taskDueDays', { description: 'Days a student has for each task.' }),
    fmBatchSize: t.exposeInt('fmBatchSize', { description: 'Words per Flashcard Master batch drawn from the memory model.' }),
    roster: t.field({
      type: [RosterLineRef],
      description: 'The roster, in the order written: each name with the account that claimed it.',
      resolve: (c) => c.roster,
    }),
    joinWithoutRoster: t.exposeBoolean('joinWithoutRoster', {
      description: 'Whether a student whose name is not listed may still join at signup (under their username).',
    }),
  }),
});

builder.objectField(UserRef, 'selectedClass', (t) =>
  t.field({
    type: ClassRef,
    nullable: true,
    description:
      "A teacher's selected class, kept by the server across logins (selectClass); their only class when they have one; null otherwise and for students.",
    resolve: async (user, _args, ctx) => {
      if (!user.isTeacher) return null;
      const klass = await selectedClassOf(ctx.deps, viewerOf(ctx));
      return klass ? ((await listClasses(ctx.deps, viewerOf(ctx))).find((c) => c.id === klass.id) ?? null) : null;
    },
  }),
);

const SignupRosterRef = builder.objectRef<{ className: string; names: string[]; joinWithoutRoster: boolean }>('SignupRoster').implement({
  description: 'What a student signing up chooses their roster name from.',
  fields: (t) => ({
    className: t.exposeString('className', { description: 'The class name as the teacher wrote it.' }),
    names: t.exposeStringList('names', { description: 'Roster names nobody has claimed yet, in the order written.' }),
    joinWithoutRoster: t.exposeBoolean('joinWithoutRoster', { description: 'Whether a student not on the list may still join (under their username).' }),
  }),
});

builder.queryField('signupRoster', (t) =>
  t.field({
    type: SignupRosterRef,
    nullable: true,
    description:
      "For the signup form (no login needed): a class's roster names not yet claimed, given the teacher's username and the class name; null when there is no such class.",
    args: {
      teachername: t.arg.string({ required: true, description: "The teacher's username." }),
      className: t.arg.string({ description: 'The class name.' }),
      classname: t.arg.string({ description: 'The class name.', deprecationReason: deprecatedFor('className') }),
    },
    resolve: (_root, args, ctx) => {
      const className = eitherOf(args.className, args.classname, 'className', 'classname');
      if (className === undefined) throw new ValidationError('className is required', 'className');
      return signupRoster(ctx.deps, args.teachername.slice(0, 60), className.slice(0, 60));
    },
  }),
);

const ReleaseRosterNameInput = builder.inputType('ReleaseRosterNameInput', {
  description: 'A roster name a student claimed by mistake.',
  fields: (t) => ({
    classId: t.globalID({ description: `${classIdDescription} Required unless the deprecated className is given.` }),
    className: t.string({ description: 'The class.', deprecationReason: classNameDeprecation }),
    name: t.string({ required: true, description: 'The roster name to free.' }),
  }),
});

builder.mutationField('releaseRosterName', (t) =>
  t.field({
    type: ClassPayload,
    description:
      'Frees a roster name a student claimed by mistake (teachers only): the name can be claimed again; the account stays in the class under its username with the tasks and results it made.',
    errors: { types: [ValidationError, NotFoundError, ConflictError, ForbiddenError] },
    args: { input: t.arg({ type: ReleaseRosterNameInput, required: true, description: 'The class and the name.' }) },
    resolve: async (_root, { input }, ctx) => ({
      klass: await releaseRosterName(ctx.deps, viewerOf(ctx), { ...input, className: await classNameOf(ctx, input) }),
      info: 'success',
    }),
  }),
);

const RemoveStudentInput = builder.inputType('RemoveStudentInput', {
  description: 'A student to take off a class roster, with or without their data.',
  fields: (t) => ({
    classId: t.globalID({ description: `${classIdDescription} Required unless the deprecated className is given.` }),
    className: t.string({ description: 'The class.', deprecationReason: classNameDeprecation }),
    student: t.string({ required: true, description: 'The roster name, or the username of the student who claimed one.' }),
    deleteData: t.boolean({
      required: true,
      description:
        "True: also delete the student's account and every row about them (docs/security.md, Accounts), e.g. when a guardian asks; only for a student who signed up with this teacher. False: the account stays.",
    }),
  }),
});

const RemoveStudentPayload = builder.objectRef<{ klass: ClassRecord; removed: string; accountDeleted: boolean }>('RemoveStudentPayload').implement({
  description: 'The student is off the roster.',
  fields: (t) => ({
    class: t.field({ type: ClassRef, description: 'The class, as stored now.', resolve: (p) => p.klass }),
    removed: t.exposeString('removed', { description: "Who was removed, as the teacher reads them ('张伟 (zhangwei01)')." }),
    accountDeleted: t.exposeBoolean('accountDeleted', { description: "Whether the student's account and data were deleted too." }),
  }),
});

builder.mutationField('removeStudent', (t) =>
  t.field({
    type: RemoveStudentPayload,
    description:
      "A teacher takes a student off a class roster (teachers only): the roster name goes with the tasks, answers, results, reports and recordings the student made in this class. With deleteData the student's account goes too, with everything about them.",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: RemoveStudentInput, required: true, description: 'The class, the student and whether to delete their data.' }) },
    resolve: async (_root, { input }, ctx) => removeStudent(ctx.deps, viewerOf(ctx), { ...input, className: await classNameOf(ctx, input) }),
  }),
);

const JoinWithoutRosterInput = builder.inputType('JoinWithoutRosterInput', {
  description: 'Whether students not on the roster may join a class.',
  fields: (t) => ({
    classId: t.globalID({ description: `${classIdDescription} Required unless the deprecated className is given.` }),
    className: t.string({ description: 'The class.', deprecationReason: classNameDeprecation }),
    allowed: t.boolean({ required: true, description: 'True: a student not listed joins under their username.' }),
  }),
});

builder.mutationField('setJoinWithoutRoster', (t) =>
  t.field({
    type: ClassPayload,
    description: 'Lets students whose name is not on the roster join the class at signup, or not (teachers only).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: JoinWithoutRosterInput, required: true, description: 'The class and the setting.' }) },
    resolve: async (_root, { input }, ctx) => ({
      klass: await setJoinWithoutRoster(ctx.deps, viewerOf(ctx), { ...input, className: await classNameOf(ctx, input) }),
      info: 'success',
    }),
  }),
);

builder.objectField(UserRef, 'classes', (t) =>
  t.connection({
    type: ClassRef,
    description: "A teacher's classes, oldest first. Empty for students.",
    resolve: async (user, args, ctx) => {
      const list = user.isTeacher ? await listClasses(ctx.deps, viewerOf(ctx)) : [];
      return offsetConnection(args, list);
    },
  }),
);

builder.objectField(UserRef, 'class', (t) =>
  t.field({
    type: ClassRef,
    nullable: true,
    description: "One of a teacher's classes by name (case-insensitive); null when there is none.",
    args: { name: t.arg.string({ required: true, description: 'The class name.' }) },
    resolve: async (user, { name }, ctx) => {
      if (!user.isTeacher) return null;
      const key = name.trim().toLowerCase();
      return (await listClasses(ctx.deps, viewerOf(ctx))).find((c) => c.nameKey === key) ?? null;
    },
  }),
);

const PressOptionRef = builder.objectRef<{ schoolID: string; pressID: string; title: string }>('PressOption').implement({
  description: 'A textbook series offered for a school level.',
  fields: (t) => ({
    schoolId: t.exposeString('schoolID', { description: `School level: ${SCHOOL_IDS.join(', ')}.`, deprecationReason: deprecatedFor('schoolLevel') }),
    schoolLevel: t.field({ type: SchoolLevelEnum, description: 'The school level.', resolve: (p) => p.schoolID as SchoolLevel }),
    pressId: t.exposeString('pressID', { description: 'The textbook series id.' }),
    title: t.exposeString('title', { description: 'The series as people call it.' }),
  }),
});

builder.queryField('pressOptions', (t) =>
  t.field({
    type: [PressOptionRef],
    description: 'Every {schoolID, pressID} pair a class can choose (teachers only).',
    resolve: async (_root, _args, ctx) => {
      requireTeacher(viewerOf(ctx));
      return listPressOptions(ctx.deps);
    },
  }),
);

const AddClassInput = builder.inputType('AddClassInput', {
  description: 'Spec section 5, Add class: the first four fields are required.',
  fields: (t) => ({
    className: t.string({ required: true, description: 'Up to 30 characters (trimmed), unique among your classes.' }),
    schoolLevel: t.field({ type: SchoolLevelEnum, description: 'The school level. Required unless the deprecated schoolId is given.' }),
    schoolId: t.string({ description: `One of ${SCHOOL_IDS.join(', ')}.`, deprecationReason: deprecatedFor('schoolLevel') }),
    pressId: t.string({ required: true, description: 'A series offered for the school level (see `pressOptions`).' }),
    students: t.string({
      required: true,
      description: "Names as the school writes them (1–30 characters each), separated by commas, '、' or new lines, e.g. '张伟, 李娜, Zhang Wei'.",
    }),
    joinWithoutRoster: t.boolean({ description: 'Whether a student not on the roster may join under their username (default true).' }),
    textbookTaskType: t.field({ type: TextbookTaskTypeEnum, description: 'What a click on a textbook unit assigns (default PA_SB).' }),
    tbTaskType: t.string({ description: 'PA+SB (default), PA or SB.', deprecationReason: deprecatedFor('textbookTaskType') }),
    spellingTimeoutSec: t.int({ description: 'Default 15.' }),
    taskDueDays: t.int({ description: 'Default 7.' }),
    fmBatchSize: t.int({ description: 'Words per Flashcard Master batch (unit R), 3–50; default 10.' }),
  }),
});

const ClassPayload = builder.objectRef<{ klass: ClassRecord; info: string }>('ClassPayload').implement({
  description: 'The class that was added or selected.',
  fields: (t) => ({
    class: t.field({ type: ClassRef, description: 'The class, as stored.', resolve: (p) => p.klass }),
    info: t.exposeString('info', { description: "'success', or what was done." }),
  }),
});

async function classRecord(ctx: GraphQLContext, id: number): Promise<ClassRecord> {
  const klass = (await listClasses(ctx.deps, viewerOf(ctx))).find((c) => c.id === id);
  if (!klass) throw new NotFoundError('Class not found');
  return klass;
}

builder.mutationField('addClass', (t) =>
  t.field({
    type: ClassPayload,
    description: 'Adds a class with its roster (teachers only).',
    errors: { types: [ValidationError, ConflictError, ForbiddenError] },
    args: { input: t.arg({ type: AddClassInput, required: true, description: 'The class and its roster.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await addClass(ctx.deps, viewerOf(ctx), {
        className: input.className,
        schoolID: eitherOf<string>(input.schoolLevel, input.schoolId, 'schoolLevel', 'schoolId', (a, b) => a === b.trim()),
        pressID: input.pressId,
        students: input.students,
        tbTaskType: eitherOf<string>(input.textbookTaskType, input.tbTaskType, 'textbookTaskType', 'tbTaskType', (a, b) => a === b.trim()),
        spellingTimeoutSec: input.spellingTimeoutSec,
        taskDueDays: input.taskDueDays,
        fmBatchSize: input.fmBatchSize,
        joinWithoutRoster: input.joinWithoutRoster,
      });
      return { klass: await classRecord(ctx, id), info: 'success' };
    },
  }),
);

const ClassNameInput = builder.inputType('ClassNameInput', {
  description: 'Names one of your classes.',
  fields: (t) => ({
    classId: t.globalID({ description: `${classIdDescription} Required unless the deprecated className is given.` }),
    className: t.string({ description: 'The class name (case-insensitive).', deprecationReason: classNameDeprecation }),
  }),
});

const DeleteClassPayload = builder.objectRef<{ className: string; id: number }>('DeleteClassPayload').implement({
  description: 'The class is gone, with its roster, tasks and results.',
  fields: (t) => ({
    className: t.exposeString('className', { description: 'The name the class had.' }),
    deletedClassId: t.globalID({
      description: 'The global id the class had: drop it from client stores.',
      resolve: (p) => ({ type: 'Class', id: String(p.id) }),
    }),
  }),
});

builder.mutationField('deleteClass', (t) =>
  t.field({
    type: DeleteClassPayload,
    description: 'Deletes a class and everything assigned in it (teachers only).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: ClassNameInput, required: true, description: 'The class to delete.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, name } = await deleteClass(ctx.deps, viewerOf(ctx), { className: await classNameOf(ctx, input) });
      return { className: name, id };
    },
  }),
);

builder.mutationField('selectClass', (t) =>
  t.field({
    type: ClassPayload,
    description: 'Selects a class to work with and returns its settings; the server keeps the selection for the next login (User.selectedClass).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: ClassNameInput, required: true, description: 'The class to select.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await selectClass(ctx.deps, viewerOf(ctx), { className: await classNameOf(ctx, input) });
      return { klass: await classRecord(ctx, id), info: 'success' };
    },
  }),
);

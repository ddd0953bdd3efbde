/** Classes in GraphQL: the teacher's classes, press options, add / delete / select. */
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { offsetConnection } from '../graphql/connections.ts';
import { builder, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { addClass, classById, deleteClass, listClasses, listPressOptions, requireTeacher, selectClass, type ClassRecord } from './service.ts';
import { CLASS_TASK_TYPES, SCHOOL_IDS } from './schemas.ts';

export const ClassRef = builder.objectRef<ClassRecord>('Class');

builder.node(ClassRef, {
  description: "A teacher's class: its roster and task settings.",
  id: { resolve: (c) => c.id },
  loadOne: async (id, ctx) => {
    const viewer = viewerOf(ctx);
    const rowId = rowIdOf(id);
    if (!viewer.isTeacher || rowId === null) return null;
    const klass = await classById(ctx.deps.db, viewer, rowId);
    if (!klass) return null;
    return (await listClasses(ctx.deps.db, viewer)).find((c) => c.id === klass.id) ?? null;
  },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The class name (className), unique per teacher.' }),
    schoolId: t.exposeString('schoolId', { description: `School level: ${SCHOOL_IDS.join(', ')}.` }),
    pressId: t.exposeString('pressId', { description: 'The textbook series.' }),
    students: t.exposeStringList('students', { description: 'The roster: student names, signed up or not yet.' }),
    tbTaskType: t.exposeString('tbTaskType', { description: `What a click on a textbook unit assigns: ${CLASS_TASK_TYPES.join(', ')}.` }),
    spellingTimeoutSec: t.exposeInt('spellingTimeoutSec', { description: 'Spelling Bee countdown per word, in seconds.' }),
    taskDueDays: t.exposeInt('taskDueDays', { description: 'Days a student has for each task.' }),
    fmBatchSize: t.exposeInt('fmBatchSize', { description: 'Words per Flashcard Master batch drawn from the memory model.' }),
  }),
});

builder.objectField(UserRef, 'classes', (t) =>
  t.connection({
    type: ClassRef,
    description: "A teacher's classes, oldest first. Empty for students.",
    resolve: async (user, args, ctx) => {
      const list = user.isTeacher ? await listClasses(ctx.deps.db, viewerOf(ctx)) : [];
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
      return (await listClasses(ctx.deps.db, viewerOf(ctx))).find((c) => c.nameKey === key) ?? null;
    },
  }),
);

const PressOptionRef = builder.objectRef<{ schoolID: string; pressID: string; title: string }>('PressOption').implement({
  description: 'A textbook series offered for a school level.',
  fields: (t) => ({
    schoolId: t.exposeString('schoolID', { description: `School level: ${SCHOOL_IDS.join(', ')}.` }),
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
      return listPressOptions(ctx.deps.db);
    },
  }),
);

const AddClassInput = builder.inputType('AddClassInput', {
  description: 'Spec section 5, Add class: the first four fields are required.',
  fields: (t) => ({
    className: t.string({ required: true, description: 'Up to 30 characters (trimmed), unique among your classes.' }),
    schoolId: t.string({ required: true, description: `One of ${SCHOOL_IDS.join(', ')}.` }),
    pressId: t.string({ required: true, description: 'A series offered for the school level (see `pressOptions`).' }),
    students: t.string({ required: true, description: "Names separated by commas, e.g. 'Adam, Juliet'." }),
    tbTaskType: t.string({ description: 'PA+SB (default), PA or SB.' }),
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

async function classRecord(ctx: Parameters<typeof viewerOf>[0], id: number): Promise<ClassRecord> {
  const klass = (await listClasses(ctx.deps.db, viewerOf(ctx))).find((c) => c.id === id);
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
      const { id } = await addClass(ctx.deps.db, viewerOf(ctx), {
        className: input.className,
        schoolID: input.schoolId,
        pressID: input.pressId,
        students: input.students,
        tbTaskType: input.tbTaskType,
        spellingTimeoutSec: input.spellingTimeoutSec,
        taskDueDays: input.taskDueDays,
        fmBatchSize: input.fmBatchSize,
      });
      return { klass: await classRecord(ctx, id), info: 'success' };
    },
  }),
);

const ClassNameInput = builder.inputType('ClassNameInput', {
  description: 'Names one of your classes.',
  fields: (t) => ({ className: t.string({ required: true, description: 'The class name (case-insensitive).' }) }),
});

const DeleteClassPayload = builder.objectRef<{ className: string; id: number }>('DeleteClassPayload').implement({
  description: 'The class is gone, with its roster, tasks and results.',
  fields: (t) => ({
    className: t.exposeString('className', { description: 'The name the class had.' }),
    deletedClassId: t.globalID({ description: 'The global id the class had: drop it from client stores.', resolve: (p) => ({ type: 'Class', id: String(p.id) }) }),
  }),
});

builder.mutationField('deleteClass', (t) =>
  t.field({
    type: DeleteClassPayload,
    description: 'Deletes a class and everything assigned in it (teachers only).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: ClassNameInput, required: true, description: 'The class to delete.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, name } = await deleteClass(ctx.deps.db, ctx.deps.blobs, viewerOf(ctx), input);
      return { className: name, id };
    },
  }),
);

builder.mutationField('selectClass', (t) =>
  t.field({
    type: ClassPayload,
    description: 'Checks a class can be worked with and returns its settings (the selection itself is kept by the client).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: ClassNameInput, required: true, description: 'The class to select.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await selectClass(ctx.deps.db, viewerOf(ctx), input);
      return { klass: await classRecord(ctx, id), info: 'success' };
    },
  }),
);

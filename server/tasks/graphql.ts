/** Tasks in GraphQL: the viewer's task list, assigning and removing. */
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { offsetConnection } from '../graphql/connections.ts';
import { builder, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { classById, studentLabel } from '../classes/service.ts';
import { nameKey } from '../access.ts';
import { classNameOf } from '../classes/graphql.ts';
import { AssignableTaskTypeEnum, deprecatedFor, kindOf, TaskTypeEnum } from './enums.ts';
import { assignTask, listTasks, removeTask, restoreTask, taskById, type TaskListRow } from './service.ts';
import { assignedText, removedText, restoredText } from './rest.ts';

const TaskRef = builder.objectRef<TaskListRow>('Task');

builder.node(TaskRef, {
  description: "One student's task: a unit of a book to practise in one way (SB, FM or PA), due by a date.",
  id: { resolve: (r) => r.id },
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'taskId' in v,
  // Open tasks only: a finished or removed task is no longer a task (its result stays).
  loadOne: (id, ctx) => {
    const rowId = rowIdOf(id);
    return rowId === null ? null : taskById(ctx.deps, viewerOf(ctx), rowId);
  },
  fields: (t) => ({
    student: t.exposeString('student', { description: 'The student (a roster name).' }),
    studentUsername: t.exposeString('studentUsername', {
      nullable: true,
      description: 'The account that claimed the roster name; null before the student signs up.',
    }),
    studentDisplayName: t.string({
      description: "How a teacher reads the student: the roster name, with the username where they differ ('张伟 (zhangwei01)').",
      resolve: (r) => studentLabel(r.student, r.studentUsername),
    }),
    bookUnitId: t.exposeString('bookUnitId', { description: "'{bookID}-{unitID}'." }),
    tpid: t.exposeInt('assignmentId', { description: 'The assignment this task belongs to.' }),
    type: t.exposeString('type', { description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    taskType: t.field({ type: TaskTypeEnum, description: 'How the unit is practised.', resolve: (r) => r.type }),
    dueBy: t.expose('dueBy', { type: 'DateTime', description: 'When the task is due.' }),
    taskId: t.exposeString('taskId', { description: "'{bookID}-{unitID}-{TPID}-{Type}-{teachername}': what a player opens." }),
    className: t.exposeString('className', { description: 'The class the task was assigned in.' }),
    bookTitle: t.exposeString('bookTitle', { description: "The book's title." }),
    unitTitle: t.exposeString('unitTitle', { description: "The unit's title (may be empty)." }),
  }),
});

builder.objectField(UserRef, 'tasks', (t) =>
  t.connection({
    type: TaskRef,
    description: "Open tasks, soonest due first: a student's own, or a teacher's students' (optionally of one class).",
    args: {
      classId: t.arg.globalID({ description: 'Teachers: only this class, by its global id (`Class.id`); an id of no class of yours gives an empty list.' }),
      className: t.arg.string({ description: 'Teachers: only this class.' }),
      student: t.arg.string({ description: 'Teachers: only students whose name contains this (case-insensitive; a class of 50 has hundreds of open tasks).' }),
    },
    resolve: async (_user, args, ctx) => {
      const viewer = viewerOf(ctx);
      let className = args.className ?? undefined;
      if (args.classId && viewer.isTeacher) {
        const rowId = args.classId.typename === 'Class' ? rowIdOf(args.classId.id) : null;
        const klass = rowId === null ? null : await classById(ctx.deps, viewer, rowId);
        if (!klass) return offsetConnection(args, []);
        if (className !== undefined && nameKey(className) !== klass.nameKey)
          throw new ValidationError('Give classId or className, not two different classes', 'classId');
        className = klass.name;
      }
      return offsetConnection(args, await listTasks(ctx.deps, viewer, { className, student: args.student?.trim() || undefined }));
    },
  }),
);

const AssignTaskInput = builder.inputType('AssignTaskInput', {
  description: 'Spec section 5, Assign task: a unit of a book to every student of a class.',
  fields: (t) => ({
    classId: t.globalID({ description: 'One of your classes, by its global id (`Class.id`). Required unless the deprecated className is given.' }),
    className: t.string({ description: 'One of your classes.', deprecationReason: deprecatedFor('classId') }),
    bookUnitId: t.string({ required: true, description: "'{bookID}-{unitID}'." }),
    taskType: t.field({ type: AssignableTaskTypeEnum, description: "What to assign (unit 'R' takes FM). Required unless the deprecated `type` is given." }),
    type: t.string({ description: "PA+SB, PA, SB or FM (unit 'R' takes FM).", deprecationReason: deprecatedFor('taskType') }),
    taskDueDays: t.int({ description: "Default: the class's taskDueDays." }),
  }),
});

const InfoPayload = builder.objectRef<{ info: string }>('AssignTaskPayload').implement({
  description: 'What was assigned.',
  fields: (t) => ({ info: t.exposeString('info', { description: "Starts with 'success'." }) }),
});

builder.mutationField('assignTask', (t) =>
  t.field({
    type: InfoPayload,
    description: 'Assigns a unit to every student of a class (teachers only).',
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: AssignTaskInput, required: true, description: 'What to assign, and to which class.' }) },
    resolve: async (_root, { input }, ctx) => ({
      info: assignedText(
        await assignTask(ctx.deps, viewerOf(ctx), {
          className: await classNameOf(ctx, input),
          bookUnitId: input.bookUnitId,
          type: kindOf(input.taskType, input.type, 'taskType'),
          taskDueDays: input.taskDueDays,
        }),
      ),
    }),
  }),
);

const RemoveTaskInput = builder.inputType('RemoveTaskInput', {
  description: "Names one student's open task (spec section 5, Remove task).",
  fields: (t) => ({
    student: t.string({ required: true, description: 'The student (a roster name).' }),
    bookUnitId: t.string({ required: true, description: "'{bookID}-{unitID}'." }),
    tpid: t.int({ required: true, description: 'The assignment (TPID).' }),
    taskType: t.field({ type: TaskTypeEnum, description: 'The kind of task. Required unless the deprecated `type` is given.' }),
    type: t.string({ description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
  }),
});

const RemoveTaskPayload = builder.objectRef<{ info: string; id: number }>('RemoveTaskPayload').implement({
  description: "The task was removed from the student's list.",
  fields: (t) => ({
    info: t.exposeString('info', { description: "Starts with 'success'." }),
    removedTaskId: t.globalID({ description: 'The global id the task had: drop it from client stores.', resolve: (p) => ({ type: 'Task', id: String(p.id) }) }),
  }),
});

builder.mutationField('removeTask', (t) =>
  t.field({
    type: RemoveTaskPayload,
    description: "Removes one student's open task (teachers only). ConflictError: the student finished it meanwhile (the result is kept).",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, ConflictError] },
    args: { input: t.arg({ type: RemoveTaskInput, required: true, description: 'The task to remove.' }) },
    resolve: async (_root, { input }, ctx) => {
      const removed = await removeTask(ctx.deps, viewerOf(ctx), {
        student: input.student,
        bookUnitId: input.bookUnitId,
        assignmentId: input.tpid,
        type: kindOf(input.taskType, input.type, 'taskType'),
      });
      return { info: removedText(removed), id: removed.id };
    },
  }),
);

const RestoreTaskInput = builder.inputType('RestoreTaskInput', {
  description: 'A task removed with removeTask, to put back (Undo).',
  fields: (t) => ({
    student: t.string({ required: true, description: 'The student (a roster name).' }),
    bookUnitId: t.string({ required: true, description: "'{bookID}-{unitID}'." }),
    tpid: t.int({ required: true, description: 'The assignment (TPID).' }),
    taskType: t.field({ type: TaskTypeEnum, description: 'The kind of task. Required unless the deprecated `type` is given.' }),
    type: t.string({ description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    dueBy: t.field({ type: 'DateTime', description: "When it was due (its dueBy); by default the class's taskDueDays from now." }),
  }),
});

const RestoreTaskPayload = builder.objectRef<{ info: string; id: number }>('RestoreTaskPayload').implement({
  description: "The task is in the student's list again.",
  fields: (t) => ({
    info: t.exposeString('info', { description: "Starts with 'success'." }),
    task: t.field({
      type: TaskRef,
      nullable: true,
      description: 'The task, as the list shows it.',
      resolve: (p, _a, ctx) => taskById(ctx.deps, viewerOf(ctx), p.id),
    }),
  }),
});

builder.mutationField('restoreTask', (t) =>
  t.field({
    type: RestoreTaskPayload,
    description:
      "Puts back one student's task that removeTask removed (teachers only; Undo). ConflictError: the student has it again or finished it meanwhile.",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, ConflictError] },
    args: { input: t.arg({ type: RestoreTaskInput, required: true, description: 'The task to put back.' }) },
    resolve: async (_root, { input }, ctx) => {
      const restored = await restoreTask(ctx.deps, viewerOf(ctx), {
        student: input.student,
        bookUnitId: input.bookUnitId,
        assignmentId: input.tpid,
        type: kindOf(input.taskType, input.type, 'taskType'),
        dueBy: input.dueBy,
      });
      return { info: restoredText(restored), id: restored.id };
    },
  }),
);

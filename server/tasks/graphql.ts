/** Tasks in GraphQL: the viewer's task list, assigning and removing. */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { builder, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { assignTask, listTasks, removeTask, type TaskListRow } from './service.ts';

export const TaskRef = builder.objectRef<TaskListRow>('Task').implement({
  description: "One student's task: a unit of a book to practise in one way (SB, FM or PA), due by a date.",
  interfaces: [builder.nodeInterfaceRef()],
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'taskId' in v,
  fields: (t) => ({
    id: t.globalID({ resolve: (r) => ({ type: 'Task', id: String(r.id) }) }),
    student: t.exposeString('student', { description: 'The student (a roster name).' }),
    bookUnitId: t.exposeString('bookUnitID', { description: "'{bookID}-{unitID}'." }),
    tpid: t.exposeInt('TPID', { description: 'The assignment this task belongs to.' }),
    type: t.exposeString('Type', { description: 'SB, FM or PA.' }),
    dueBy: t.expose('dueBy', { type: 'DateTime' }),
    taskId: t.exposeString('taskId', { description: "'{bookID}-{unitID}-{TPID}-{Type}-{teachername}': what a player opens." }),
    className: t.exposeString('className'),
    bookTitle: t.exposeString('bookTitle'),
    unitTitle: t.exposeString('unitTitle'),
  }),
});

builder.objectField(UserRef, 'tasks', (t) =>
  t.connection({
    type: TaskRef,
    description: "Open tasks, soonest due first: a student's own, or a teacher's students' (optionally of one class).",
    args: { className: t.arg.string({ description: 'Teachers: only this class.' }) },
    resolve: async (_user, args, ctx) =>
      resolveArrayConnection({ args }, await listTasks(ctx.deps.db, viewerOf(ctx), { className: args.className ?? undefined })),
  }),
);

const AssignTaskInput = builder.inputType('AssignTaskInput', {
  fields: (t) => ({
    className: t.string({ required: true }),
    bookUnitId: t.string({ required: true, description: "'{bookID}-{unitID}'." }),
    type: t.string({ required: true, description: "PA+SB, PA, SB or FM (unit 'R' takes FM)." }),
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
    args: { input: t.arg({ type: AssignTaskInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      info: await assignTask(ctx.deps.db, viewerOf(ctx), {
        className: input.className,
        bookUnitID: input.bookUnitId,
        Type: input.type,
        taskDueDays: input.taskDueDays,
      }),
    }),
  }),
);

const RemoveTaskInput = builder.inputType('RemoveTaskInput', {
  fields: (t) => ({
    student: t.string({ required: true }),
    bookUnitId: t.string({ required: true }),
    tpid: t.int({ required: true }),
    type: t.string({ required: true }),
  }),
});

const RemoveTaskPayload = builder.objectRef<{ info: string; id: number }>('RemoveTaskPayload').implement({
  fields: (t) => ({
    info: t.exposeString('info'),
    removedTaskId: t.globalID({ resolve: (p) => ({ type: 'Task', id: String(p.id) }) }),
  }),
});

builder.mutationField('removeTask', (t) =>
  t.field({
    type: RemoveTaskPayload,
    description: "Removes one student's open task (teachers only).",
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { input: t.arg({ type: RemoveTaskInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      removeTask(ctx.deps.db, viewerOf(ctx), { student: input.student, bookUnitID: input.bookUnitId, TPID: input.tpid, Type: input.type }),
  }),
);

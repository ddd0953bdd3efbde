/** Reports in GraphQL: a teacher's list of their students' report files. */
import { deprecatedFor, TaskTypeEnum } from '../tasks/enums.ts';
import { placeConnection } from '../graphql/connections.ts';
import { builder, placeCursor, placeOf, rowIdOf, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { studentLabel } from '../classes/service.ts';
import { listReports, reportById, reportLinkToken, reportsPage, REPORT_LINK_SECONDS, type ReportListing, type ReportPlace } from './service.ts';
import { reportDownloadUrl } from './rest.ts';

const ReportRef = builder.objectRef<ReportListing>('Report');
builder.node(ReportRef, {
  description:
    'A PDF report of a finished task, downloadable at downloadUrl (send the access token) until it expires. Its id is stable: key what you store by it.',
  id: { resolve: (r) => r.id },
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'fileName' in v && 'expireAt' in v,
  loadOne: (id, ctx) => {
    const rowId = rowIdOf(id);
    const viewer = viewerOf(ctx);
    return rowId === null ? null : reportById(ctx.deps, viewer, rowId);
  },
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The PDF file name.' }),
    expireAt: t.expose('expireAt', { type: 'DateTime', description: 'When the report is deleted.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the task was finished and the report written.' }),
    student: t.exposeString('student', { description: 'The student (a roster name).' }),
    studentUsername: t.exposeString('studentUsername', { nullable: true, description: 'The account that claimed the roster name.' }),
    studentDisplayName: t.string({
      description: 'How a teacher reads the student: the roster name, with the username where they differ.',
      resolve: (r) => studentLabel(r.student, r.studentUsername),
    }),
    className: t.exposeString('className', { description: 'The class.' }),
    bookUnitId: t.exposeString('bookUnitId', { description: "'{bookID}-{unitID}'." }),
    type: t.exposeString('type', { description: 'SB, FM or PA.', deprecationReason: deprecatedFor('taskType') }),
    taskType: t.field({ type: TaskTypeEnum, description: 'How the unit was practised.', resolve: (r) => r.type as 'SB' | 'FM' | 'PA' }),
    score: t.exposeInt('score', { description: 'The score, 0–100.' }),
    downloadUrl: t.string({
      description: 'Where to GET the PDF (send the access token).',
      resolve: (r) => reportDownloadUrl(r.fileName),
    }),
    signedDownloadUrl: t.string({
      description: `A link to GET the PDF without credentials, for ${REPORT_LINK_SECONDS / 60} minutes (an integration token cannot call the REST download): ask again for a fresh one.`,
      resolve: async (r, _args, ctx) => reportDownloadUrl(r.fileName, await reportLinkToken(ctx.deps.tokens, r.fileName)),
    }),
  }),
});

const reportCursor = (r: ReportListing) => placeCursor('Report', r.createdAt, r.fileName);
const reportPosition = (cursor: string): ReportPlace => {
  const { at, key } = placeOf('Report', cursor);
  return { createdAt: at, fileName: key };
};

builder.objectField(UserRef, 'pdfReports', (t) =>
  t.connection({
    type: ReportRef,
    description:
      "A teacher's students' reports that have not expired, newest first (empty for students); page with first/after. A cursor is a place in that order: reports made or expiring while you page never make a page repeat or skip one.",
    args: { student: t.arg.string({ description: 'Only students whose name contains this (case-insensitive).' }) },
    resolve: (user, args, ctx) =>
      placeConnection<ReportListing>({ args, toCursor: reportCursor, defaultSize: 20, maxSize: 100 }, async ({ after, before, limit, inverted }) =>
        user.isTeacher
          ? reportsPage(ctx.deps, viewerOf(ctx), {
              after: after ? reportPosition(after) : undefined,
              before: before ? reportPosition(before) : undefined,
              limit,
              inverted,
              student: args.student?.trim() || undefined,
            })
          : [],
      ),
  }),
);

builder.objectField(UserRef, 'reports', (t) =>
  t.field({
    type: [ReportRef],
    deprecationReason: 'Use `pdfReports`, a connection (first/after). May be removed after 2027-06-01.',
    description: "A teacher's students' reports that have not expired, newest first (empty for students).",
    resolve: (user, _args, ctx) => (user.isTeacher ? listReports(ctx.deps, viewerOf(ctx)) : []),
  }),
);

/** Reports in GraphQL: a teacher's list of their students' report files. */
import { builder, viewerOf } from '../graphql/builder.ts';
import { UserRef } from '../users/graphql.ts';
import { listReports, type ReportListing } from './service.ts';

const ReportRef = builder.objectRef<ReportListing>('Report').implement({
  description: 'A PDF report of a finished task, downloadable at downloadUrl (send the access token) until it expires.',
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    expireAt: t.expose('expireAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    student: t.exposeString('student'),
    className: t.exposeString('className'),
    bookUnitId: t.exposeString('bookUnitId'),
    type: t.exposeString('type'),
    score: t.exposeInt('score'),
    downloadUrl: t.string({ resolve: (r) => `/api/v1.0/userreports/${encodeURIComponent(r.fileName)}` }),
  }),
});

builder.objectField(UserRef, 'reports', (t) =>
  t.field({
    type: [ReportRef],
    description: "A teacher's students' reports that have not expired, newest first (empty for students).",
    resolve: (user, _args, ctx) => (user.isTeacher ? listReports(ctx.deps.db, viewerOf(ctx)) : []),
  }),
);

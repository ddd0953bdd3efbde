/** Spec section 7: GET /userreports and GET /userreports/{fileName} (teachers, their students' reports). */
import { API_BASE, type RestRouter } from '../http/rest.ts';
import { listReports, reportPdf, reportPdfByLink } from './service.ts';

/** Where to GET a report's PDF: with the access token, or with `link` (a token from `reportLinkToken`) and none. */
export const reportDownloadUrl = (fileName: string, link?: string): string =>
  `${API_BASE}/userreports/${encodeURIComponent(fileName)}${link === undefined ? '' : `?link=${link}`}`;

export function registerReportRoutes(router: RestRouter): void {
  router.on('GET', '/userreports', async (r) => {
    const list = await listReports(r.deps, await r.viewer());
    return {
      json: list.map((x) => ({
        fileName: x.fileName,
        expireAt: x.expireAt.toISOString(),
        student: x.student,
        className: x.className,
        bookUnitID: x.bookUnitId,
        Type: x.type,
        score: x.score,
      })),
    };
  });
  router.on('GET', '/userreports/:fileName', async (r) => {
    const name = r.params.fileName ?? '';
    // ?link=: a download link from Report.signedDownloadUrl, which needs no login.
    const link = r.query.get('link');
    const pdf = link ? await reportPdfByLink(r.deps, name, link) : await reportPdf(r.deps, await r.viewer(), name);
    return { bytes: pdf, contentType: 'application/pdf', headers: { 'content-disposition': `attachment; filename="${name}"` } };
  });
}

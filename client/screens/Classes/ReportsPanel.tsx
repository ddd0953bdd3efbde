/**
 * Reports (spec screen 8): one row per report file with its expiry (10 characters) and a
 * download arrow; '{file} downloaded' after a download; 'No report file' when there is none.
 */
import { useRef, useState } from 'react';
import { StudentSearch, useServerStudentSearch } from '../../ui/StudentSearch';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { readUser } from '../../session';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { ReportsPanelQuery } from './__generated__/ReportsPanelQuery.graphql';
import type { ReportsPanelMailMutation } from './__generated__/ReportsPanelMailMutation.graphql';
import type { ReportsPanelDigestMutation } from './__generated__/ReportsPanelDigestMutation.graphql';
import type { ReportsPanelPaginationQuery } from './__generated__/ReportsPanelPaginationQuery.graphql';
import type { ReportsPanel_viewer$key } from './__generated__/ReportsPanel_viewer.graphql';
import { localDate } from '../../ui/dates';
import { T, useT } from '../../i18n';
import { useRefusal, useServerMessage } from '../../ui/serverMessages';

export function ReportsPanel() {
  const data = useRouteQuery<ReportsPanelQuery>(
    graphql`
      query ReportsPanelQuery {
        viewer {
          id
          reportMail
          reportDigest
          ...ReportsPanel_viewer
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  // Newest first, a page at a time (the server gives at most 100): older reports stay reachable.
  const {
    data: list,
    hasNext,
    loadNext,
    isLoadingNext,
    refetch,
  } = usePaginationFragment<ReportsPanelPaginationQuery, ReportsPanel_viewer$key>(
    graphql`
      fragment ReportsPanel_viewer on User
      @refetchable(queryName: "ReportsPanelPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }, student: { type: "String" }) {
        pdfReports(first: $count, after: $cursor, student: $student) @connection(key: "ReportsPanel_pdfReports", filters: ["student"]) {
          edges {
            node {
              fileName
              expireAt
              student
              studentDisplayName
              bookUnitId
              taskType
              score
              downloadUrl
            }
          }
        }
      }
    `,
    data.viewer ?? null,
  );
  const [status, setStatus] = useState<Status>(null);
  const { t } = useT();
  const refusal = useRefusal();
  const say = useServerMessage();
  const table = useRef<HTMLTableSectionElement>(null);
  // A class of 50 makes 1,500 reports a month: the teacher finds one student's by name.
  const [search, setSearch] = useServerStudentSearch((student) => refetch({ student }, { fetchPolicy: 'store-or-network' }));
  const reports = list?.pdfReports.edges.map((e) => e.node) ?? [];
  const download = async (fileName: string, url: string) => {
    const response = await fetch(url, { headers: { 'x-access-token': readUser()?.accessToken ?? '' } });
    if (!response.ok) {
      setStatus({ text: (await response.json().catch(() => null))?.info ?? t('classes.notDownloaded', { file: fileName }), tone: 'error' });
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(link.href);
    setStatus({ text: t('classes.downloaded', { file: fileName }), tone: 'success' });
  };
  const [commitMail, savingMail] = useMutation<ReportsPanelMailMutation>(graphql`
    mutation ReportsPanelMailMutation($enabled: Boolean!) {
      setReportMail(enabled: $enabled) {
        __typename
        ... on SetReportMailPayload {
          reportMail
          info
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitDigest, savingDigest] = useMutation<ReportsPanelDigestMutation>(graphql`
    mutation ReportsPanelDigestMutation($enabled: Boolean!) {
      setReportDigest(enabled: $enabled) {
        __typename
        ... on SetReportDigestPayload {
          reportDigest
          info
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const viewerId = data.viewer?.id;
  // A checkbox follows the store: at once, then as the server now has it.
  const setting = (field: 'reportMail' | 'reportDigest', enabled: boolean) => ({
    variables: { enabled },
    optimisticUpdater: (store: RecordSourceSelectorProxy) => {
      if (viewerId) store.get(viewerId)?.setValue(enabled, field);
    },
    onError: (error: Error) => setStatus(refusal.failed(error)),
  });
  const saved = (r: { info?: string; message?: string }) =>
    setStatus(r.info !== undefined ? { text: say(r.info), tone: 'success' } : { text: r.message ? say(r.message) : t('classes.notChanged'), tone: 'error' });
  const setMail = (enabled: boolean) =>
    commitMail({
      ...setting('reportMail', enabled),
      updater: (store, response) => {
        const payload = response?.setReportMail;
        if (viewerId && payload?.__typename === 'SetReportMailPayload') store.get(viewerId)?.setValue(payload.reportMail ?? enabled, 'reportMail');
      },
      onCompleted: ({ setReportMail: r }) => saved(r),
    });
  const setDigest = (enabled: boolean) =>
    commitDigest({
      ...setting('reportDigest', enabled),
      updater: (store, response) => {
        const payload = response?.setReportDigest;
        if (viewerId && payload?.__typename === 'SetReportDigestPayload') store.get(viewerId)?.setValue(payload.reportDigest ?? enabled, 'reportDigest');
      },
      onCompleted: ({ setReportDigest: r }) => saved(r),
    });
  // While a setting is saved its box waits (not disabled: a disabled box loses the keyboard's focus).
  return (
    <section className="card panel-form" aria-label={t('classes.reportsTitle')}>
      <h2>
        <T k="classes.reportsTitle" />
      </h2>
      {data.viewer?.reportMail != null && (
        <label className="checkbox">
          <input type="checkbox" checked={data.viewer.reportMail} aria-disabled={savingMail} onChange={(e) => !savingMail && setMail(e.target.checked)} />
          <span>
            <T k="classes.mailEach" />
          </span>
        </label>
      )}
      {data.viewer?.reportDigest != null && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={data.viewer.reportDigest}
            aria-disabled={savingDigest}
            onChange={(e) => !savingDigest && setDigest(e.target.checked)}
          />
          <span>
            <T k="classes.mailDigest" />
          </span>
        </label>
      )}
      <StudentSearch value={search} onChange={setSearch} />
      {reports.length === 0 ? (
        <p className="guidance">
          <T k="classes.noReport" />
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table reports-table stack">
            <thead>
              <tr>
                <th>
                  <T k="classes.reportFile" />
                </th>
                <th>
                  <T k="classes.reportStudent" />
                </th>
                <th>
                  <T k="classes.reportTask" />
                </th>
                <th>
                  <T k="classes.reportScore" />
                </th>
                <th>
                  <T k="classes.reportExpires" />
                </th>
                <th aria-label={t('classes.download')} />
              </tr>
            </thead>
            <tbody ref={table}>
              {reports.map((r) => (
                <tr key={r.fileName}>
                  <td data-label={t('classes.reportFile')} translate="no">
                    {r.fileName}
                  </td>
                  <td data-label={t('classes.reportStudent')} translate="no">
                    {r.studentDisplayName}
                  </td>
                  <td data-label={t('classes.reportTask')} translate="no">
                    {r.taskType} {r.bookUnitId}
                  </td>
                  <td data-label={t('classes.reportScore')}>{r.score}</td>
                  <td data-label={t('classes.reportExpires')}>{localDate(String(r.expireAt))}</td>
                  <td data-label={t('classes.download')}>
                    <button
                      type="button"
                      className="cell-button"
                      aria-label={t('classes.downloadFile', { file: r.fileName })}
                      onClick={() => void download(r.fileName, r.downloadUrl)}
                    >
                      ⬇
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasNext && (
        <button
          type="button"
          className="button"
          aria-disabled={isLoadingNext}
          onClick={() => {
            if (isLoadingNext) return;
            const shown = reports.length;
            // The last page loaded takes the button away: the keyboard goes on at the first report it brought.
            loadNext(100, {
              onComplete: () =>
                requestAnimationFrame(() => {
                  if (document.activeElement === document.body) table.current?.rows[shown]?.querySelector('button')?.focus();
                }),
            });
          }}
        >
          {isLoadingNext ? <T k="common.loading" /> : <T k="classes.showOlderReports" values={{ count: reports.length }} />}
        </button>
      )}
      <StatusLine status={status} />
    </section>
  );
}

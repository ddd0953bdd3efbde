/**
 * Task list (spec screen 6): the signed-in user's tasks — student, bookUnitID, TPID, Type,
 * dueBy. Clicking a Type opens its player with the task id; teachers remove a task with X.
 */
import { useRefusal } from '../../ui/serverMessages';
import { useEffect, useRef, useState } from 'react';
import { StudentSearch, useServerStudentSearch } from '../../ui/StudentSearch';
import { graphql, useLazyLoadQuery, useMutation, usePaginationFragment } from 'react-relay';
import { useLocation } from 'wouter';
import { useSession, useStoredValue } from '../../session';
import { LastTaskBanner } from './LastTaskBanner';
import { useTokenExpiry } from '../../ui/useTokenExpiry';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { localDate } from '../../ui/dates';
import { unitNameOf } from '../../../server/tasks/schemas';
import { T, fill, messageOf, useT, type MessageKey } from '../../i18n';
import './tasks.css';
import type { TasksQuery } from './__generated__/TasksQuery.graphql';
import type { TasksPaginationQuery } from './__generated__/TasksPaginationQuery.graphql';
import type { Tasks_viewer$key } from './__generated__/Tasks_viewer.graphql';
import type { TasksRemoveMutation } from './__generated__/TasksRemoveMutation.graphql';
import type { TasksRestoreMutation } from './__generated__/TasksRestoreMutation.graphql';

const PLAYER_ROUTES: Record<string, string> = { PA: '/record', SB: '/spellingbee', FM: '/flashcardmaster' };

/** The due date as the spec shows it: the first 10 characters of the date ('2026-12-01'). */
const dueText = (iso: string) => localDate(iso).slice(0, 10);
const isOverdue = (iso: string) => new Date(iso).getTime() < Date.now();
const KIND_NAMES: Record<string, MessageKey> = { SB: 'common.spellingBee', FM: 'common.flashcardMaster', PA: 'common.pronunciation' };

export default function Tasks() {
  const user = useSession();
  const selectedClass = useStoredValue('selectedClassname');
  const className = user?.isTeacher ? selectedClass : null;
  const data = useLazyLoadQuery<TasksQuery>(
    graphql`
      query TasksQuery($className: String) {
        viewer {
          ...Tasks_viewer @arguments(className: $className)
        }
      }
    `,
    { className },
    { fetchPolicy: 'store-and-network' },
  );
  // A page at a time (the server gives at most 100): a teacher's 300 open tasks are all there to see and remove.
  const { data: list, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<TasksPaginationQuery, Tasks_viewer$key>(
    graphql`
      fragment Tasks_viewer on User
      @refetchable(queryName: "TasksPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }, className: { type: "String" }, student: { type: "String" }) {
        tasks(first: $count, after: $cursor, className: $className, student: $student) @connection(key: "Tasks_tasks", filters: ["className", "student"]) {
          __id
          edges {
            node {
              id
              student
              studentUsername
              studentDisplayName
              bookUnitId
              tpid
              type
              dueBy
              taskId
              unitTitle
              bookTitle
            }
          }
        }
      }
    `,
    data.viewer ?? null,
  );
  const [commitRemove, removing] = useMutation<TasksRemoveMutation>(graphql`
    mutation TasksRemoveMutation($input: RemoveTaskInput!, $connections: [ID!]!) {
      removeTask(input: $input) {
        __typename
        ... on RemoveTaskPayload {
          info
          removedTaskId @deleteEdge(connections: $connections)
        }
        ... on ValidationError {
          message
        }
        ... on NotFoundError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  const [commitRestore, restoring] = useMutation<TasksRestoreMutation>(graphql`
    mutation TasksRestoreMutation($input: RestoreTaskInput!) {
      restoreTask(input: $input) {
        __typename
        ... on RestoreTaskPayload {
          info
        }
        ... on Error {
          message
        }
      }
    }
  `);
  /** The task just removed, which Undo puts back. */
  const [removed, setRemoved] = useState<(typeof rows)[number] | null>(null);
  const [status, setStatus] = useState<Status>(() => {
    const assigned = assignedNow();
    return assigned ? { text: assigned, tone: 'success' } : null;
  });
  useEffect(() => {
    // Shown once: a reload of the task list does not repeat it.
    if (assignedNow()) window.history.replaceState(null, '');
  }, []);
  const [, navigate] = useLocation();
  const { t, lang } = useT();
  const refusal = useRefusal();
  // A class of 50 has hundreds of open tasks: the teacher finds one student's by name.
  const [search, setSearch, student] = useServerStudentSearch((student) => refetch({ className, student }, { fetchPolicy: 'store-or-network' }));
  const expiry = useTokenExpiry(user);
  const isTeacher = Boolean(user?.isTeacher);
  const tasks = list?.tasks;
  const rows = tasks?.edges?.map((e) => e?.node).filter((n): n is NonNullable<typeof n> => Boolean(n)) ?? [];

  // The keyboard's place after a removal (its X is gone): on Undo; after Undo, on the task's X again;
  // after Show more, on the first task it brought.
  const undoButton = useRef<HTMLButtonElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ undo: true } | { removeLabel: string; listLoaded?: boolean } | { row: number } | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render: the focus waits for the list to show the row it is meant for
  useEffect(() => {
    if (!focusAfter) return;
    const target =
      'undo' in focusAfter
        ? undoButton.current
        : 'row' in focusAfter
          ? table.current?.rows[focusAfter.row]?.querySelector('button')
          : table.current?.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(focusAfter.removeLabel)}"]`);
    // The task put back may not be in the list yet (it is fetched again), or at all (a search hides it).
    if (!target && 'removeLabel' in focusAfter && !focusAfter.listLoaded) return;
    (target ?? document.getElementById('main'))?.focus({ preventScroll: !target });
    setFocusAfter(null);
  });

  const removeLabel = (row: Pick<(typeof rows)[number], 'type' | 'bookUnitId' | 'student'>) => t('tasks.removeLabel', { type: row.type, unit: row.bookUnitId, student: row.student });
  const unitName = (row: (typeof rows)[number]) => unitNameOf(row.bookTitle, row.bookUnitId.slice(row.bookUnitId.indexOf('-') + 1), row.unitTitle);
  /**
   * A task as a sentence, for a phone's card: '拼写：PEP 3A · Unit 1，2026-12-01 前完成' with
   * 'Spelling Bee, due by 2026-12-01' under it (the unit once); in English mode
   * 'Spelling Bee of PEP 3A · Unit 1, due by 2026-12-01'. A teacher's names the student first.
   */
  const sentence = (row: (typeof rows)[number]) => {
    // The kind in the sentence's own language: '拼写' in the Chinese, 'Spelling Bee' in the English.
    const kind = messageOf(KIND_NAMES[row.type] ?? 'common.spellingBee');
    const values = { student: row.studentDisplayName, unit: unitName(row), due: dueText(String(row.dueBy)) };
    const kindEn = KIND_NAMES[row.type] ? kind.en : row.type;
    const full = messageOf(isTeacher ? 'tasks.cardSentence' : 'tasks.cardSentenceOwn');
    if (lang === 'en') return fill(full.en, { ...values, kind: kindEn });
    const short = messageOf(isTeacher ? 'tasks.cardShort' : 'tasks.cardShortOwn');
    return (
      <>
        <span className="zh" lang="zh-CN">
          {fill(full.zh, { ...values, kind: KIND_NAMES[row.type] ? kind.zh : row.type })}
        </span>{' '}
        <span className="en" lang="en">
          {fill(short.en, { ...values, kind: kindEn })}
        </span>
      </>
    );
  };
  const open = (row: (typeof rows)[number]) => navigate(PLAYER_ROUTES[row.type]!, { state: { taskId: row.taskId } });
  const remove = (row: (typeof rows)[number]) => {
    // One removal at a time (the buttons stay enabled, so the one pressed keeps the focus if it fails).
    if (!tasks || removing) return;
    setStatus({ text: t('tasks.removing', { type: row.type, unit: row.bookUnitId, student: row.studentDisplayName }), tone: 'info' });
    commitRemove({
      variables: { input: { student: row.student, bookUnitId: row.bookUnitId, tpid: row.tpid, type: row.type }, connections: [tasks.__id] },
      onCompleted: ({ removeTask }) => {
        setRemoved(removeTask.__typename === 'RemoveTaskPayload' ? row : null);
        if (removeTask.__typename === 'RemoveTaskPayload') setFocusAfter({ undo: true });
        setStatus(
          removeTask.__typename === 'RemoveTaskPayload'
            ? { text: removeTask.info, tone: 'success' }
            : refusal.of(removeTask, 'tasks.removeFailed'),
        );
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  /** Undo: the removed task back in the student's list, due when it was. */
  const undo = () => {
    if (!removed) return;
    const row = removed;
    commitRestore({
      variables: { input: { student: row.student, bookUnitId: row.bookUnitId, tpid: row.tpid, type: row.type, dueBy: row.dueBy } },
      onCompleted: ({ restoreTask }) => {
        setRemoved(null);
        if (restoreTask.__typename === 'RestoreTaskPayload') {
          setStatus({ text: restoreTask.info ?? 'success', tone: 'success' });
          setFocusAfter({ removeLabel: removeLabel(row) });
          refetch(
            { className, student: student || null },
            { fetchPolicy: 'network-only', onComplete: () => setFocusAfter((f) => (f && 'removeLabel' in f ? { ...f, listLoaded: true } : f)) },
          );
        } else {
          setStatus({ text: restoreTask.message ?? t('tasks.restoreFailed'), tone: 'error' });
          document.getElementById('main')?.focus({ preventScroll: true });
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card">
      <h1>
        <T k="tasks.title" />
      </h1>
      <p className="hint">
        <T k="tasks.openHint" />
      </p>
      {!isTeacher && <LastTaskBanner />}
      {isTeacher && (
        <p className="hint">
          <T k="tasks.removeHint" /> {className ? <T k="tasks.showingClass" values={{ name: className }} /> : <T k="tasks.showingAll" />}
        </p>
      )}
      {/* Above the list, where a long class list cannot push it out of sight. */}
      <StatusLine status={status} />
      {removed && (
        // Fixed at the foot of the screen: on a phone the X clicked is far below the status line.
        <div className="undo-toast">
          <span>
            <T k="tasks.removed" values={{ type: removed.type, unit: removed.bookUnitId, student: removed.studentDisplayName }} />
          </span>
          <button ref={undoButton} type="button" className="button" aria-disabled={restoring} onClick={() => !restoring && undo()}>
            <T k="tasks.undo" />
          </button>
        </div>
      )}
      {isTeacher && (
        <StudentSearch value={search} onChange={setSearch} />
      )}
      {rows.length === 0 && student ? (
        <p className="empty">
          <T k="tasks.noneForSearch" values={{ name: student }} />
        </p>
      ) : rows.length === 0 ? (
        <p className="empty">
          <T k={isTeacher ? (className ? 'tasks.noneClass' : 'tasks.noneTeacher') : 'tasks.noneStudent'} />
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table tasks-table stack">
            <thead>
              <tr>
                {/* The spec's column names, each with its Chinese. */}
                <th>
                  <T k="tasks.student" />
                </th>
                <th>
                  <T k="tasks.bookUnit" />
                </th>
                <th>
                  <T k="tasks.tpid" />
                </th>
                <th>
                  <T k="tasks.type" />
                </th>
                <th>
                  <T k="tasks.dueBy" />
                </th>
                {isTeacher && (
                  <th aria-label={t('tasks.remove')}>
                    <T k="tasks.removeColumn" />
                  </th>
                )}
              </tr>
            </thead>
            <tbody ref={table}>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="student" data-col="student">
                    <span className="cell-value" translate="no">
                      {row.student}
                      {row.studentDisplayName !== row.student && <span className="student-username"> ({row.studentUsername})</span>}
                    </span>
                    {/* A phone's card reads as a sentence instead of the cells. */}
                    <span className="task-sentence">{sentence(row)}</span>
                  </td>
                  <td data-label="bookUnitID" data-col="bookUnitID" translate="no">
                    {row.bookUnitId}
                    <span className="unit-name">{unitName(row)}</span>
                  </td>
                  <td data-label="TPID" data-col="TPID" translate="no">
                    {row.tpid}
                  </td>
                  {/* The whole cell opens the task (spec: click the Type cell); the button is its keyboard stop. */}
                  <td data-label="Type" data-col="Type" className="type-cell" onClick={() => open(row)}>
                    <button
                      type="button"
                      className={`type-chip type-${row.type}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        open(row);
                      }}
                      title={t('tasks.open', { type: row.type, unit: row.bookUnitId })}
                      translate="no"
                    >
                      {row.type}
                    </button>
                    {/* The kind named for people: 拼写 (Spelling Bee in English mode). */}
                    {KIND_NAMES[row.type] && <span className="type-name">{lang === 'en' ? messageOf(KIND_NAMES[row.type]!).en : messageOf(KIND_NAMES[row.type]!).zh}</span>}
                  </td>
                  <td data-label="dueBy" data-col="dueBy">
                    <time dateTime={String(row.dueBy)} className={isOverdue(String(row.dueBy)) ? 'due-overdue' : undefined} title={isOverdue(String(row.dueBy)) ? t('tasks.overdue') : undefined}>
                      {dueText(String(row.dueBy))}
                    </time>
                  </td>
                  {isTeacher && (
                    <td data-label="X" data-col="X">
                      <button type="button" className="remove-x" aria-disabled={removing} onClick={() => remove(row)} aria-label={removeLabel(row)} translate="no">
                        X
                      </button>
                    </td>
                  )}
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
          disabled={isLoadingNext}
          onClick={() => loadNext(100, { onComplete: () => setFocusAfter({ row: rows.length }) })}
        >
          {isLoadingNext ? <T k="common.loading" /> : <T k="tasks.showMore" values={{ n: rows.length }} />}
        </button>
      )}
      {expiry && <p className="hint expiry">{expiry}</p>}
    </section>
  );
}

/** The reply to the assignment just made on Textbooks, if the task list was opened by it. */
const assignedNow = (): string | undefined => (window.history.state as { assigned?: string } | null)?.assigned;

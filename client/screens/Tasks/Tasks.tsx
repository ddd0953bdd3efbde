/**
 * Task list (spec screen 6): the signed-in user's tasks — student, bookUnitID, TPID, Type,
 * dueBy. Clicking a Type opens its player with the task id; teachers remove a task with X.
 */
import { useRefusal } from '../../ui/serverMessages';
import { useEffect, useRef, useState } from 'react';
import { StudentSearch, useServerStudentSearch } from '../../ui/StudentSearch';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { useLocation } from 'wouter';
import { useSession, useStoredValue } from '../../session';
import { LastTaskBanner } from './LastTaskBanner';
import { TaskRow, removeLabelOf, type TaskRowData } from './TaskRow';
import { useTokenExpiry } from '../../ui/useTokenExpiry';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { T, useT } from '../../i18n';
import './tasks.css';
import type { TasksQuery } from './__generated__/TasksQuery.graphql';
import type { TasksPaginationQuery } from './__generated__/TasksPaginationQuery.graphql';
import type { Tasks_viewer$key } from './__generated__/Tasks_viewer.graphql';
import type { TasksRemoveMutation } from './__generated__/TasksRemoveMutation.graphql';
import type { TasksRestoreMutation } from './__generated__/TasksRestoreMutation.graphql';

const PLAYER_ROUTES: Record<string, string> = { PA: '/record', SB: '/spellingbee', FM: '/flashcardmaster' };

export default function Tasks() {
  const user = useSession();
  const selectedClass = useStoredValue('selectedClassname');
  const className = user?.isTeacher ? selectedClass : null;
  const data = useRouteQuery<TasksQuery>(
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
  const {
    data: list,
    hasNext,
    loadNext,
    isLoadingNext,
    refetch,
  } = usePaginationFragment<TasksPaginationQuery, Tasks_viewer$key>(
    graphql`
      fragment Tasks_viewer on User
      @refetchable(queryName: "TasksPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }, className: { type: "String" }, student: { type: "String" }) {
        tasks(first: $count, after: $cursor, className: $className, student: $student) @connection(key: "Tasks_tasks", filters: ["className", "student"]) {
          __id
          edges {
            node {
              id
              ...TaskRow_task
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
  const [removed, setRemoved] = useState<TaskRowData | null>(null);
  const [status, setStatus] = useState<Status>(() => {
    const assigned = assignedNow();
    return assigned ? { text: assigned, tone: 'success' } : null;
  });
  useEffect(() => {
    // Shown once: a reload of the task list does not repeat it.
    if (assignedNow()) window.history.replaceState(null, '');
  }, []);
  const [, navigate] = useLocation();
  const { t } = useT();
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

  const removeLabel = (row: Pick<TaskRowData, 'taskType' | 'bookUnitId' | 'student'>) => removeLabelOf(t, row);
  const open = (row: TaskRowData) => navigate(PLAYER_ROUTES[row.taskType]!, { state: { taskId: row.taskId } });
  const remove = (row: TaskRowData) => {
    // One removal at a time (the buttons stay enabled, so the one pressed keeps the focus if it fails).
    if (!tasks || removing) return;
    setStatus({ text: t('tasks.removing', { type: row.taskType, unit: row.bookUnitId, student: row.studentDisplayName }), tone: 'info' });
    commitRemove({
      variables: { input: { student: row.student, bookUnitId: row.bookUnitId, tpid: row.tpid, taskType: row.taskType }, connections: [tasks.__id] },
      onCompleted: ({ removeTask }) => {
        setRemoved(removeTask.__typename === 'RemoveTaskPayload' ? row : null);
        if (removeTask.__typename === 'RemoveTaskPayload') setFocusAfter({ undo: true });
        setStatus(removeTask.__typename === 'RemoveTaskPayload' ? { text: removeTask.info, tone: 'success' } : refusal.of(removeTask, 'tasks.removeFailed'));
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  /** Undo: the removed task back in the student's list, due when it was. */
  const undo = () => {
    if (!removed) return;
    const row = removed;
    commitRestore({
      variables: { input: { student: row.student, bookUnitId: row.bookUnitId, tpid: row.tpid, taskType: row.taskType, dueBy: row.dueBy } },
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
            <T k="tasks.removed" values={{ type: removed.taskType, unit: removed.bookUnitId, student: removed.studentDisplayName }} />
          </span>
          <button ref={undoButton} type="button" className="button" aria-disabled={restoring} onClick={() => !restoring && undo()}>
            <T k="tasks.undo" />
          </button>
        </div>
      )}
      {isTeacher && <StudentSearch value={search} onChange={setSearch} />}
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
                <TaskRow key={row.id} task={row} isTeacher={isTeacher} removing={removing} onOpen={open} onRemove={remove} />
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

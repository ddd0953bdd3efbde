/**
 * A row of the task list (spec screen 6): student, bookUnitID, TPID, Type, dueBy, and for a
 * teacher the X that removes it; on a phone the row reads as a sentence. It declares the task's
 * fields it shows (TaskRow_task) and hands the task back when it is opened or removed.
 */
import { graphql, useFragment } from 'react-relay/hooks';
import { localDate } from '../../ui/dates';
import { unitNameOf } from '../../../server/tasks/schemas';
import { fill, messageOf, useT, type MessageKey } from '../../i18n';
import type { TaskRow_task$data, TaskRow_task$key } from './__generated__/TaskRow_task.graphql';

export type TaskRowData = TaskRow_task$data;

/** The due date as the spec shows it: the first 10 characters of the date ('2026-12-01'). */
const dueText = (iso: string) => localDate(iso).slice(0, 10);
const isOverdue = (iso: string) => new Date(iso).getTime() < Date.now();
const KIND_NAMES: Record<string, MessageKey> = { SB: 'common.spellingBee', FM: 'common.flashcardMaster', PA: 'common.pronunciation' };

/** The X's name for a screen reader (and where the keyboard goes back to after Undo). */
export const removeLabelOf = (t: ReturnType<typeof useT>['t'], row: Pick<TaskRowData, 'taskType' | 'bookUnitId' | 'student'>) =>
  t('tasks.removeLabel', { type: row.taskType, unit: row.bookUnitId, student: row.student });
const unitName = (row: TaskRowData) => unitNameOf(row.bookTitle, row.bookUnitId.slice(row.bookUnitId.indexOf('-') + 1), row.unitTitle);

/**
 * A task as a sentence, for a phone's card: '拼写：PEP 3A · Unit 1，2026-12-01 前完成' with
 * 'Spelling Bee, due by 2026-12-01' under it (the unit once); in English mode
 * 'Spelling Bee of PEP 3A · Unit 1, due by 2026-12-01'. A teacher's names the student first.
 */
function sentence(row: TaskRowData, isTeacher: boolean, lang: string) {
  // The kind in the sentence's own language: '拼写' in the Chinese, 'Spelling Bee' in the English.
  const kind = messageOf(KIND_NAMES[row.taskType] ?? 'common.spellingBee');
  const values = { student: row.studentDisplayName, unit: unitName(row), due: dueText(String(row.dueBy)) };
  const kindEn = KIND_NAMES[row.taskType] ? kind.en : row.taskType;
  const full = messageOf(isTeacher ? 'tasks.cardSentence' : 'tasks.cardSentenceOwn');
  if (lang === 'en') return fill(full.en, { ...values, kind: kindEn });
  const short = messageOf(isTeacher ? 'tasks.cardShort' : 'tasks.cardShortOwn');
  return (
    <>
      <span className="zh" lang="zh-CN">
        {fill(full.zh, { ...values, kind: KIND_NAMES[row.taskType] ? kind.zh : row.taskType })}
      </span>{' '}
      <span className="en" lang="en">
        {fill(short.en, { ...values, kind: kindEn })}
      </span>
    </>
  );
}

export function TaskRow({
  task,
  isTeacher,
  removing,
  onOpen,
  onRemove,
}: {
  task: TaskRow_task$key;
  isTeacher: boolean;
  removing: boolean;
  onOpen: (row: TaskRowData) => void;
  onRemove: (row: TaskRowData) => void;
}) {
  const row = useFragment(
    graphql`
      fragment TaskRow_task on Task {
        student
        studentUsername
        studentDisplayName
        bookUnitId
        tpid
        taskType
        dueBy
        taskId
        unitTitle
        bookTitle
      }
    `,
    task,
  );
  const { t, lang } = useT();
  return (
    <tr>
      <td data-label="student" data-col="student">
        <span className="cell-value" translate="no">
          {row.student}
          {row.studentDisplayName !== row.student && <span className="student-username"> ({row.studentUsername})</span>}
        </span>
        {/* A phone's card reads as a sentence instead of the cells. */}
        <span className="task-sentence">{sentence(row, isTeacher, lang)}</span>
      </td>
      <td data-label="bookUnitID" data-col="bookUnitID" translate="no">
        {row.bookUnitId}
        <span className="unit-name">{unitName(row)}</span>
      </td>
      <td data-label="TPID" data-col="TPID" translate="no">
        {row.tpid}
      </td>
      {/* The whole cell opens the task (spec: click the Type cell); the button is its keyboard stop. */}
      <td data-label="Type" data-col="Type" className="type-cell" onClick={() => onOpen(row)}>
        <button
          type="button"
          className={`type-chip type-${row.taskType}`}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row);
          }}
          title={t('tasks.open', { type: row.taskType, unit: row.bookUnitId })}
          translate="no"
        >
          {row.taskType}
        </button>
        {/* The kind named for people: 拼写 (Spelling Bee in English mode). */}
        {KIND_NAMES[row.taskType] && (
          <span className="type-name">{lang === 'en' ? messageOf(KIND_NAMES[row.taskType]!).en : messageOf(KIND_NAMES[row.taskType]!).zh}</span>
        )}
      </td>
      <td data-label="dueBy" data-col="dueBy">
        <time
          dateTime={String(row.dueBy)}
          className={isOverdue(String(row.dueBy)) ? 'due-overdue' : undefined}
          title={isOverdue(String(row.dueBy)) ? t('tasks.overdue') : undefined}
        >
          {dueText(String(row.dueBy))}
        </time>
      </td>
      {isTeacher && (
        <td data-label="X" data-col="X">
          <button type="button" className="remove-x" aria-disabled={removing} onClick={() => onRemove(row)} aria-label={removeLabelOf(t, row)} translate="no">
            X
          </button>
        </td>
      )}
    </tr>
  );
}

/** The +Class form (spec screen 8 and section 5, Add class). */
import { useRefusal } from '../../ui/serverMessages';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import {
  addClassSchema,
  CLASS_TASK_TYPES,
  DEFAULT_FM_BATCH_SIZE,
  DEFAULT_SPELLING_TIMEOUT_SEC,
  DEFAULT_TASK_DUE_DAYS,
  DEFAULT_TB_TASK_TYPE,
  SCHOOL_IDS,
} from '../../../server/classes/schemas';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { cachedPressOptions, lastSet, rememberLastSet, storeSelectedClass } from './classStorage';
import { T, useT } from '../../i18n';
import { pressKey, schoolLevelKey, taskTypeKey } from './labels';
import './classes.css';
import type { AddClassFormMutation } from './__generated__/AddClassFormMutation.graphql';
import { pointAtField } from '../../ui/forms';

export function AddClassForm({ connectionId, firstClass }: { connectionId: string; firstClass: boolean }) {
  const [form, setForm] = useState({
    className: '',
    schoolID: '',
    pressID: '',
    students: '',
    tbTaskType: lastSet('tbTaskType', DEFAULT_TB_TASK_TYPE),
    taskDueDays: lastSet('taskDueDays', String(DEFAULT_TASK_DUE_DAYS)),
    spellingTimeoutSec: lastSet('spellingTimeoutSec', String(DEFAULT_SPELLING_TIMEOUT_SEC)),
    fmBatchSize: lastSet('fmBatchSize', String(DEFAULT_FM_BATCH_SIZE)),
  });
  const [joinWithoutRoster, setJoinWithoutRoster] = useState(true);
  const { t } = useT();
  const refusal = useRefusal();
  const [status, setStatus] = useState<Status>(null);
  /** The field a refused submit is about, pointed at when the form is back. */
  const [refusedField, setRefusedField] = useState<PropertyKey | undefined>(undefined);
  // The form and the status take turns (spec screen 8): the keyboard goes from Submit to the
  // button under the status, and from there back to the form (the field to fix, or the first).
  const section = useRef<HTMLElement>(null);
  const shown = useRef(status);
  useEffect(() => {
    const before = shown.current;
    shown.current = status;
    if (Boolean(before) === Boolean(status)) return;
    if (status) {
      section.current?.querySelector<HTMLButtonElement>('.status-back')?.focus();
      return;
    }
    const form = section.current?.querySelector('form') ?? null;
    if (refusedField !== undefined) pointAtField(form, refusedField);
    else form?.querySelector<HTMLElement>('input, select')?.focus();
  }, [status, refusedField]);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [commit, inFlight] = useMutation<AddClassFormMutation>(graphql`
    mutation AddClassFormMutation($input: AddClassInput!, $connections: [ID!]!) {
      addClass(input: $input) {
        __typename
        ... on ClassPayload {
          info
          class @appendNode(connections: $connections, edgeTypeName: "UserClassesConnectionEdge") {
            id
            name
            schoolLevel
            pressId
            students
            textbookTaskType
            spellingTimeoutSec
            taskDueDays
            ...RosterPanel_class
          }
        }
        ... on ValidationError {
          message
        }
        ... on ConflictError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);

  // Choosing a school refilters the presses from the cached press options (spec section 4).
  const presses = useMemo(() => {
    if (!form.schoolID) return [];
    return (cachedPressOptions() ?? []).filter((p) => p.schoolId === form.schoolID);
  }, [form.schoolID]);
  const chooseSchool = (schoolID: string) => {
    if (!cachedPressOptions()) setStatus({ text: t('classes.pressOptionsMissing'), tone: 'error' });
    setForm((f) => ({ ...f, schoolID, pressID: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const parsed = addClassSchema.safeParse(form);
    if (!parsed.success) {
      setStatus(refusal.invalid(parsed.error.issues[0]!.message));
      pointAtField(formElement, parsed.error.issues[0]!.path[0]);
      setRefusedField(parsed.error.issues[0]!.path[0]);
      return;
    }
    setRefusedField(undefined);
    const input = parsed.data;
    commit({
      variables: {
        connections: [connectionId],
        input: {
          className: input.className,
          // The API's enum values spell the spec's 'K-12' and 'PA+SB' as K12 and PA_SB.
          schoolLevel: input.schoolID === 'K-12' ? 'K12' : input.schoolID,
          pressId: input.pressID,
          students: input.students.join(', '),
          textbookTaskType: input.tbTaskType === 'PA+SB' ? 'PA_SB' : input.tbTaskType,
          spellingTimeoutSec: input.spellingTimeoutSec,
          taskDueDays: input.taskDueDays,
          fmBatchSize: input.fmBatchSize,
          joinWithoutRoster,
        },
      },
      onCompleted: ({ addClass }) => {
        if (addClass.__typename === 'ClassPayload') {
          rememberLastSet('tbTaskType', input.tbTaskType);
          rememberLastSet('taskDueDays', String(input.taskDueDays));
          rememberLastSet('spellingTimeoutSec', String(input.spellingTimeoutSec));
          rememberLastSet('fmBatchSize', String(input.fmBatchSize));
          sessionStorage.removeItem('classList');
          setStatus({ text: t('classes.added', { name: input.className }), tone: 'success' });
          // A teacher's first class is selected from the start (the server selected it too).
          if (!sessionStorage.getItem('selectedClassname') && firstClass) storeSelectedClass({ ...addClass.class });
        } else {
          setStatus(refusal.of(addClass, 'classes.addFailed'));
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card panel-form" aria-label={t('classes.addButton')} ref={section}>
      <h2>
        <T k="classes.addButton" />
      </h2>
      {/* The form is hidden while a status message shows (spec screen 8). */}
      {status ? (
        <>
          <StatusLine status={status} />
          <button type="button" className="button status-back" onClick={() => setStatus(null)}>
            <T k={status.tone === 'success' ? 'classes.addAnother' : 'classes.backToForm'} />
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="form-grid">
          <TextField
            label={t('classes.className')}
            name="className"
            mandatory
            value={form.className}
            onValue={set('className')}
            placeholder={t('classes.classNamePlaceholder')}
          />
          <label className="field">
            <span className="field-label">
              <T k="classes.schoolId" /> <span className="mandatory-mark">*</span>
            </span>
            <select name="schoolID" className="mandatory" value={form.schoolID} onChange={(e) => chooseSchool(e.target.value)}>
              <option value="">{t('classes.choose')}</option>
              {SCHOOL_IDS.map((s) => (
                <option key={s} value={s}>
                  {t(schoolLevelKey(s))} ({s})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">
              <T k="classes.pressId" /> <span className="mandatory-mark">*</span>
            </span>
            <select name="pressID" className="mandatory" value={form.pressID} onChange={(e) => set('pressID')(e.target.value)} disabled={!form.schoolID}>
              <option value="">{form.schoolID ? t('classes.choose') : t('classes.chooseSchoolFirst')}</option>
              {presses.map((p) => (
                <option key={p.pressId} value={p.pressId} title={p.title}>
                  {pressKey(p.schoolId, p.pressId) ? t(pressKey(p.schoolId, p.pressId)!) : p.title || p.pressId} ({p.pressId})
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('classes.students')}
            name="students"
            mandatory
            commaList
            maxLength={3000}
            value={form.students}
            onValue={set('students')}
            placeholder={t('classes.studentsPlaceholder')}
          />
          <label className="field">
            <span className="field-label">
              <T k="classes.tbTaskType" />
            </span>
            <select name="tbTaskType" value={form.tbTaskType} onChange={(e) => set('tbTaskType')(e.target.value)}>
              {CLASS_TASK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(taskTypeKey(type))} ({type})
                </option>
              ))}
            </select>
          </label>
          <TextField label={t('classes.taskDueDays')} name="taskDueDays" inputMode="numeric" value={form.taskDueDays} onValue={set('taskDueDays')} />
          <TextField
            label={t('classes.spellingTimeoutSec')}
            name="spellingTimeoutSec"
            inputMode="numeric"
            value={form.spellingTimeoutSec}
            onValue={set('spellingTimeoutSec')}
          />
          <TextField label={t('classes.fmBatchSize')} name="fmBatchSize" inputMode="numeric" value={form.fmBatchSize} onValue={set('fmBatchSize')} />
          <label className="checkbox join-option">
            <input type="checkbox" name="joinWithoutRoster" checked={joinWithoutRoster} onChange={(e) => setJoinWithoutRoster(e.target.checked)} />
            <T k="classes.joinWithoutRoster" />
          </label>
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={inFlight}>
              <T k="classes.addButton" />
            </button>
          </div>
          <p className="hint form-help">
            <T k="classes.formHelp" />
          </p>
        </form>
      )}
    </section>
  );
}

/**
 * A class's roster as the teacher wrote it, each name with the student account that claimed it;
 * a wrong claim is released (the name can be claimed again), a student is removed from the class
 * (with their account and data, if the teacher chooses), and whether students not on the list
 * may join at all (a class setting).
 */
import { useRefusal } from '../../ui/serverMessages';
import { useState } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { T, useT } from '../../i18n';
import './classes.css';
import type { RosterPanel_class$key } from './__generated__/RosterPanel_class.graphql';
import type { RosterPanelReleaseMutation } from './__generated__/RosterPanelReleaseMutation.graphql';
import type { RosterPanelJoinMutation } from './__generated__/RosterPanelJoinMutation.graphql';
import type { RosterPanelRemoveMutation } from './__generated__/RosterPanelRemoveMutation.graphql';

export function RosterPanel({ klass }: { klass: RosterPanel_class$key }) {
  const c = useFragment(
    graphql`
      fragment RosterPanel_class on Class {
        id
        name
        joinWithoutRoster
        roster {
          name
          username
        }
      }
    `,
    klass,
  );
  const { t } = useT();
  const refusal = useRefusal();
  const [status, setStatus] = useState<Status>(null);
  const [commitRelease, releasing] = useMutation<RosterPanelReleaseMutation>(graphql`
    mutation RosterPanelReleaseMutation($input: ReleaseRosterNameInput!) {
      releaseRosterName(input: $input) {
        __typename
        ... on ClassPayload {
          class {
            id
            students
            ...RosterPanel_class
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitJoin, saving] = useMutation<RosterPanelJoinMutation>(graphql`
    mutation RosterPanelJoinMutation($input: JoinWithoutRosterInput!) {
      setJoinWithoutRoster(input: $input) {
        __typename
        ... on ClassPayload {
          class {
            id
            ...RosterPanel_class
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitRemove, removingNow] = useMutation<RosterPanelRemoveMutation>(graphql`
    mutation RosterPanelRemoveMutation($input: RemoveStudentInput!) {
      removeStudent(input: $input) {
        __typename
        ... on RemoveStudentPayload {
          removed
          accountDeleted
          class {
            id
            students
            ...RosterPanel_class
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  /** The roster line whose removal is being confirmed, and whether the account goes too. */
  const [removing, setRemoving] = useState<string | null>(null);
  const [deleteData, setDeleteData] = useState(false);
  const remove = (name: string) => {
    if (removingNow) return;
    commitRemove({
      variables: { input: { classId: c.id, student: name, deleteData } },
      onCompleted: ({ removeStudent: r }) => {
        setRemoving(null);
        setDeleteData(false);
        setStatus(
          r.__typename === 'RemoveStudentPayload'
            ? { text: t(r.accountDeleted ? 'classes.removedWithData' : 'classes.removed', { name: r.removed ?? '' }), tone: 'success' }
            : refusal.of(r, 'classes.selectFailed'),
        );
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  const release = (name: string, username: string) => {
    if (releasing || !window.confirm(t('classes.releaseConfirm', { name, username }))) return;
    commitRelease({
      variables: { input: { classId: c.id, name } },
      onCompleted: ({ releaseRosterName: r }) =>
        setStatus(r.__typename === 'ClassPayload' ? { text: t('classes.released', { name }), tone: 'success' } : refusal.of(r, 'classes.selectFailed')),
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  const setJoin = (allowed: boolean) =>
    commitJoin({
      variables: { input: { classId: c.id, allowed } },
      onCompleted: ({ setJoinWithoutRoster: r }) =>
        setStatus(r.__typename === 'ClassPayload' ? { text: t('classes.joinSaved'), tone: 'success' } : refusal.of(r, 'classes.selectFailed')),
      onError: (error) => setStatus(refusal.failed(error)),
    });

  return (
    <section className="card roster-panel" aria-label={t('classes.rosterTitle', { name: c.name })}>
      <h2>
        <T k="classes.rosterTitle" values={{ name: c.name }} />
      </h2>
      <p className="hint">
        <T k="classes.rosterHint" />
      </p>
      <ul className="roster-list">
        {c.roster.map((line) => {
          const differs = line.username != null && line.username.toLowerCase() !== line.name.toLowerCase();
          return (
            <li key={line.name} className={line.username ? 'roster-claimed' : 'roster-free'}>
              <span className="roster-name" lang="zh-CN" translate="no">
                {line.name}
              </span>
              <span className="roster-user">
                {line.username != null ? (
                  <span translate="no">{line.username}</span>
                ) : (
                  <span className="muted">
                    <T k="classes.notClaimed" />
                  </span>
                )}
              </span>
              {differs && (
                <button
                  type="button"
                  className="button small"
                  aria-disabled={releasing}
                  aria-label={t('classes.releaseLabel', { name: line.name, username: line.username! })}
                  onClick={() => release(line.name, line.username!)}
                >
                  <T k="classes.release" />
                </button>
              )}
              {removing !== line.name && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => {
                    setRemoving(line.name);
                    setDeleteData(false);
                  }}
                >
                  {/* The name after the visible words, for a screen reader (the visible words stay part of the name). */}
                  <T k="classes.remove" />{' '}
                  <span className="visually-hidden" translate="no">
                    {line.name}
                  </span>
                </button>
              )}
              {removing === line.name && (
                <div className="roster-remove" role="group" aria-label={t('classes.removeLabel', { name: line.name })}>
                  <p className="status status-error">
                    <T k="classes.removeWarning" values={{ name: line.name, className: c.name }} />
                  </p>
                  {line.username != null && (
                    <label className="checkbox">
                      <input type="checkbox" name="deleteData" checked={deleteData} onChange={(e) => setDeleteData(e.target.checked)} />
                      <span>
                        <T k="classes.removeDeleteData" values={{ username: line.username }} />
                      </span>
                    </label>
                  )}
                  <button type="button" className="button danger small" aria-disabled={removingNow} onClick={() => remove(line.name)}>
                    <T k="classes.removeConfirm" />
                  </button>{' '}
                  <button type="button" className="button small" onClick={() => setRemoving(null)}>
                    <T k="classes.removeCancel" />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <label className="checkbox">
        <input type="checkbox" name="joinWithoutRoster" checked={c.joinWithoutRoster} disabled={saving} onChange={(e) => setJoin(e.target.checked)} />
        <span>
          <T k="classes.joinWithoutRoster" />
        </span>
      </label>
      <StatusLine status={status} />
    </section>
  );
}

/**
 * Classes (spec screen 8): the teacher's class table and the +Class, -Class, SelectClass and
 * Reports panels (flags add 1, remove 2, select 4, reports 16), and Integrations (32: tokens
 * and webhooks for other school systems).
 */
import { Suspense, useEffect, useState } from 'react';
import { Loading } from '../../ui/Loading';
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { useStoredValue } from '../../session';
import type { ClassesQuery } from './__generated__/ClassesQuery.graphql';
import { AddClassForm } from './AddClassForm';
import { DeleteClassForm } from './DeleteClassForm';
import { SelectClassForm } from './SelectClassForm';
import { ReportsPanel } from './ReportsPanel';
import { IntegrationsPanel } from './IntegrationsPanel';
import { cachePressOptions, storeSelectedClass } from './classStorage';
import { RosterPanel } from './RosterPanel';
import { T, useT } from '../../i18n';
import { pressKey, schoolLevelKey, specWord, taskTypeKey } from './labels';

const PANELS = { add: 1, remove: 2, select: 4, reports: 16, integrations: 32 } as const;

export default function Classes() {
  const data = useRouteQuery<ClassesQuery>(
    graphql`
      query ClassesQuery {
        viewer {
          id
          classes(first: 100) @connection(key: "Classes_classes") {
            __id
            edges {
              node {
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
          }
          selectedClass {
            name
            schoolLevel
            pressId
            textbookTaskType
            spellingTimeoutSec
            taskDueDays
          }
        }
        pressOptions {
          schoolLevel
          pressId
          title
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const [panels, setPanels] = useState(0);
  const { t } = useT();
  const selected = useStoredValue('selectedClassname');
  const connection = data.viewer?.classes;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new list each render re-runs a cheap storage write, kept as it was
  const list = connection?.edges?.map((e) => e?.node).filter((n): n is NonNullable<typeof n> => Boolean(n)) ?? [];
  useEffect(() => cachePressOptions(data.pressOptions), [data.pressOptions]);
  useEffect(() => {
    sessionStorage.setItem('classList', JSON.stringify(list.map((c) => ({ className: c.name }))));
  }, [list]);

  // The class the server keeps selected (the last one chosen, or the only one): selected here too.
  const kept = data.viewer?.selectedClass;
  useEffect(() => {
    if (kept && !sessionStorage.getItem('selectedClassname')) storeSelectedClass(kept);
  }, [kept]);
  const toggle = (flag: number) => setPanels((p) => p ^ flag);
  const guidance = list.length === 0 ? 'classes.noClass' : !selected ? 'classes.selectOne' : null;
  const rosterClass = list.find((c) => c.name === selected) ?? (list.length === 1 ? list[0] : undefined);

  return (
    <div>
      <section className="card">
        <h1>
          <T k="classes.title" />
        </h1>
        {list.length > 0 && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('classes.title')}>
            <table className="table stack">
              <thead>
                <tr>
                  <th>
                    <T k="classes.className" />
                  </th>
                  <th>
                    <T k="classes.schoolId" />
                  </th>
                  <th>
                    <T k="classes.pressId" />
                  </th>
                  <th>
                    <T k="classes.students" />
                  </th>
                  <th>
                    <T k="classes.tbTaskType" />
                  </th>
                  <th>
                    <T k="classes.taskDueDays" />
                  </th>
                  <th>
                    <T k="classes.spellingTimeoutSec" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => {
                  const press = data.pressOptions.find((p) => p.schoolLevel === c.schoolLevel && p.pressId === c.pressId);
                  const school = specWord(c.schoolLevel);
                  const taskType = specWord(c.textbookTaskType);
                  return (
                    <tr key={c.id} className={c.name === selected ? 'selected-row' : undefined}>
                      <td data-label={t('classes.className')}>
                        <span translate="no">{c.name}</span>
                        {c.name === selected && (
                          <span className="badge">
                            <T k="classes.selected" />
                          </span>
                        )}
                      </td>
                      <td data-label={t('classes.schoolId')}>
                        <T k={schoolLevelKey(school)} /> (<span translate="no">{school}</span>)
                      </td>
                      <td data-label={t('classes.pressId')}>
                        {pressKey(school, c.pressId) ? <T k={pressKey(school, c.pressId)!} /> : <span translate="no">{press?.title || c.pressId}</span>} (
                        <span translate="no">{c.pressId}</span>)
                      </td>
                      <td data-label={t('classes.students')} className="students-cell">
                        <span translate="no">{c.students.join(', ')}</span>
                      </td>
                      <td data-label={t('classes.tbTaskType')}>
                        <T k={taskTypeKey(taskType)} /> (<span translate="no">{taskType}</span>)
                      </td>
                      <td data-label={t('classes.taskDueDays')}>{c.taskDueDays}</td>
                      <td data-label={t('classes.spellingTimeoutSec')}>{c.spellingTimeoutSec}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {guidance && (
          <p className="guidance">
            <T k={guidance} />
          </p>
        )}
        <div className="actions">
          <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.add)} onClick={() => toggle(PANELS.add)}>
            <T k="classes.addButton" />
          </button>
          {list.length > 0 && (
            <>
              <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.remove)} onClick={() => toggle(PANELS.remove)}>
                <T k="classes.deleteButton" />
              </button>
              <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.select)} onClick={() => toggle(PANELS.select)}>
                <T k="classes.selectButton" />
              </button>
            </>
          )}
          <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.reports)} onClick={() => toggle(PANELS.reports)}>
            <T k="classes.reportsButton" />
          </button>
          {list.length > 0 && (
            <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.integrations)} onClick={() => toggle(PANELS.integrations)}>
              <T k="classes.integrationsButton" />
            </button>
          )}
        </div>
      </section>
      {Boolean(panels & PANELS.add) && connection && <AddClassForm connectionId={connection.__id} firstClass={list.length === 0} />}
      {Boolean(panels & PANELS.remove) && connection && <DeleteClassForm classes={list} connectionId={connection.__id} />}
      {Boolean(panels & PANELS.select) && <SelectClassForm classes={list} />}
      {Boolean(panels & PANELS.reports) && (
        <Suspense fallback={<Loading />}>
          <ReportsPanel />
        </Suspense>
      )}
      {Boolean(panels & PANELS.integrations) && (
        <Suspense fallback={<Loading />}>
          <IntegrationsPanel classes={list} />
        </Suspense>
      )}
      {rosterClass && <RosterPanel klass={rosterClass} />}
    </div>
  );
}

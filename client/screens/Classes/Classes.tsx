/**
 * Classes (spec screen 8): the teacher's class table and the +Class, -Class, SelectClass and
 * Reports panels (flags add 1, remove 2, select 4, reports 16), and Integrations (32: tokens
 * and webhooks for other school systems).
 */
import { Suspense, useEffect, useState } from 'react';
import { Loading } from '../../ui/Loading';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useStoredValue } from '../../session';
import type { ClassesQuery } from './__generated__/ClassesQuery.graphql';
import { AddClassForm } from './AddClassForm';
import { DeleteClassForm } from './DeleteClassForm';
import { SelectClassForm } from './SelectClassForm';
import { ReportsPanel } from './ReportsPanel';
import { IntegrationsPanel } from './IntegrationsPanel';
import { cachePressOptions } from './classStorage';

export const PANELS = { add: 1, remove: 2, select: 4, reports: 16, integrations: 32 } as const;

export default function Classes() {
  const data = useLazyLoadQuery<ClassesQuery>(
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
                schoolId
                pressId
                students
                tbTaskType
                spellingTimeoutSec
                taskDueDays
              }
            }
          }
        }
        pressOptions {
          schoolId
          pressId
          title
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const [panels, setPanels] = useState(0);
  const selected = useStoredValue('selectedClassname');
  const connection = data.viewer?.classes;
  const list = connection?.edges?.map((e) => e?.node).filter((n): n is NonNullable<typeof n> => Boolean(n)) ?? [];
  useEffect(() => cachePressOptions(data.pressOptions), [data.pressOptions]);
  useEffect(() => {
    sessionStorage.setItem('classList', JSON.stringify(list.map((c) => ({ className: c.name }))));
  }, [list]);

  const toggle = (flag: number) => setPanels((p) => p ^ flag);
  const guidance = list.length === 0 ? 'No class, please click +Class to add a class' : !selected ? 'Click SelectClass menu to select a class to work with' : null;

  return (
    <div>
      <section className="card">
        <h1>Classes · 班级</h1>
        {list.length > 0 && (
          <div className="table-scroll">
            <table className="table stack">
              <thead>
                <tr>
                  <th>className</th>
                  <th>schoolID</th>
                  <th>pressID</th>
                  <th>students</th>
                  <th>Type</th>
                  <th>due days</th>
                  <th>spelling s</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id} className={c.name === selected ? 'selected-row' : undefined}>
                    <td data-label="className">
                      {c.name}
                      {c.name === selected && <span className="badge">selected</span>}
                    </td>
                    <td data-label="schoolID">{c.schoolId}</td>
                    <td data-label="pressID">{c.pressId}</td>
                    <td data-label="students" className="students-cell">{c.students.join(', ')}</td>
                    <td data-label="Type">{c.tbTaskType}</td>
                    <td data-label="due days">{c.taskDueDays}</td>
                    <td data-label="spelling s">{c.spellingTimeoutSec}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {guidance && <p className="guidance">{guidance}</p>}
        <div className="actions">
          <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.add)} onClick={() => toggle(PANELS.add)}>
            +Class
          </button>
          {list.length > 0 && (
            <>
              <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.remove)} onClick={() => toggle(PANELS.remove)}>
                -Class
              </button>
              <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.select)} onClick={() => toggle(PANELS.select)}>
                SelectClass
              </button>
            </>
          )}
          <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.reports)} onClick={() => toggle(PANELS.reports)}>
            Reports
          </button>
          {list.length > 0 && (
            <button type="button" className="button" aria-pressed={Boolean(panels & PANELS.integrations)} onClick={() => toggle(PANELS.integrations)}>
              Integrations
            </button>
          )}
        </div>
      </section>
      {Boolean(panels & PANELS.add) && connection && <AddClassForm connectionId={connection.__id} />}
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
    </div>
  );
}

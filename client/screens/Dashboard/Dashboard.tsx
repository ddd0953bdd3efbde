/** Dashboard (spec screen 7): the vocabulary per level and 'My Latest Scores'. */
import { useEffect, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { DashboardQuery } from './__generated__/DashboardQuery.graphql';
import { ScoreChart } from './ScoreChart';
import { LiveClass } from './LiveClass';
import { WeakWords } from './WeakWords';
import { useSession, useStoredValue } from '../../session';
import { Link } from 'wouter';
import { T } from '../../i18n';

const LEVEL_NAMES: Record<string, string> = {
  FC: 'Flashcards',
  ES: 'Elementary school',
  MS: 'Middle school',
  HM: 'High school',
  HSM: 'High school selective',
};

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    if (!ref.current) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(260, Math.floor(entry!.contentRect.width))));
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export default function Dashboard() {
  const user = useSession();
  const selected = useStoredValue('selectedClassname');
  if (user?.isTeacher) {
    if (selected) return <><LiveClass className={selected} /><WeakWords className={selected} /></>;
    return (
      <section className="card">
        <h1>Dashboard · 成绩</h1>
        <p className="guidance">Click Classes, then SelectClass menu to select a class to work with</p>
      </section>
    );
  }
  return <StudentDashboard />;
}

function StudentDashboard() {
  const data = useLazyLoadQuery<DashboardQuery>(
    graphql`
      query DashboardQuery {
        viewer {
          username
          dashboard {
            records {
              testId
              currentScore
              averageScore
              maxScore
              minScore
            }
            vocabulary {
              level
              passed
              required
              percent
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const [chartBox, width] = useWidth<HTMLDivElement>();
  const dashboard = data.viewer?.dashboard;
  const records = dashboard?.records ?? [];
  return (
    <div>
      <section className="card">
        <h1>Dashboard · 成绩</h1>
        <p>
          <Link href="/mistakes" data-testid="mistakes-link">
            <T k="mistakes.link" />
          </Link>
        </p>
        <div className="level-grid">
          {(dashboard?.vocabulary ?? []).map((v) => (
            <article key={v.level} className="level-tile" data-testid={`level-${v.level}`}>
              <h2>{LEVEL_NAMES[v.level] ?? v.level}</h2>
              <p className="level-numbers">
                <span>
                  required <strong>{v.required}</strong>
                </span>
                <span>
                  passed <strong>{v.passed}</strong>
                </span>
              </p>
              <div className="meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={v.percent} aria-label={`${LEVEL_NAMES[v.level]} passed`}>
                <div style={{ width: `${v.percent}%` }} />
              </div>
              <p className="level-percent">{v.percent}%</p>
            </article>
          ))}
        </div>
      </section>
      <section className="card">
        <h2>My Latest Scores</h2>
        {records.length === 0 ? (
          <p className="guidance">No test results to show or DB issues</p>
        ) : (
          <div ref={chartBox} className="chart-box" data-testid="score-chart">
            {/* The legend is hidden (spec screen 7); the tooltip names each line. */}
            <ScoreChart points={records} width={width} />
          </div>
        )}
      </section>
    </div>
  );
}

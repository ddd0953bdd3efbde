/**
 * Dashboard (spec screen 7). A student: the word-list meters (vocabulary per level) and 'My Latest
 * Scores'; each meter says what it counts (server/results/dashboard.ts: words of the level's list
 * spelled right at least once in a National standards Spelling Bee task) and leads to the task
 * list. A teacher: the selected class's live view, or how to select one.
 */
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import type { DashboardQuery } from './__generated__/DashboardQuery.graphql';
import { LatestScores } from './ScoreChart';
import { LiveClass } from './LiveClass';
import { WeakWords } from './WeakWords';
import { useSession, useStoredValue } from '../../session';
import { Link } from 'wouter';
import { T, fill, messageOf, useT, type MessageKey } from '../../i18n';
import './Dashboard.css';

const LEVELS = ['FC', 'ES', 'MS', 'HM', 'HSM'] as const;
type Level = (typeof LEVELS)[number];
const isLevel = (level: string): level is Level => (LEVELS as readonly string[]).includes(level);
const levelName = (level: Level): MessageKey => `dashboard.level${level}`;
const levelList = (level: Level): MessageKey => `dashboard.list${level}`;

/** The meter's name for a screen reader: the level's name in each language inside that language's sentence. */
function meterLabel(lang: 'zh' | 'en', levelKey: MessageKey | null, code: string, passed: number, required: number): string {
  const m = messageOf('dashboard.meterLabel');
  const name = levelKey ? messageOf(levelKey) : { zh: code, en: code };
  const en = fill(m.en, { level: name.en, passed, required });
  return lang === 'en' ? en : `${fill(m.zh, { level: name.zh, passed, required })} · ${en}`;
}

export default function Dashboard() {
  const user = useSession();
  const selected = useStoredValue('selectedClassname');
  if (user?.isTeacher) {
    if (selected)
      return (
        <>
          <LiveClass className={selected} />
          <WeakWords className={selected} />
        </>
      );
    return (
      <section className="card">
        <h1>
          <T k="dashboard.title" />
        </h1>
        <p className="guidance">
          <T k="dashboard.teacherNoClass" />
        </p>
        <p>
          <T k="dashboard.teacherExplain" />
        </p>
        <p>
          <Link href="/classes">
            <T k="dashboard.openClasses" />
          </Link>
        </p>
      </section>
    );
  }
  return <StudentDashboard />;
}

function StudentDashboard() {
  const data = useRouteQuery<DashboardQuery>(
    graphql`
      query DashboardQuery {
        viewer {
          username
          dashboard {
            ...ScoreChart_dashboard
            vocabulary {
              vocabularyLevel
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
  const { lang } = useT();
  const dashboard = data.viewer?.dashboard;
  return (
    <div>
      <section className="card" aria-labelledby="words-title">
        <h1>
          <T k="dashboard.title" />
        </h1>
        <p>
          <Link href="/mistakes" data-testid="mistakes-link">
            <T k="mistakes.link" />
          </Link>
        </p>
        <h2 id="words-title" className="dash-heading">
          <T k="dashboard.wordsTitle" />
        </h2>
        <p className="hint dash-intro">
          <T k="dashboard.wordsIntro" />
        </p>
        <div className="level-grid">
          {(dashboard?.vocabulary ?? []).map((v) => {
            const level = isLevel(v.vocabularyLevel) ? v.vocabularyLevel : null;
            return (
              <article key={v.vocabularyLevel} className="level-tile" data-testid={`level-${v.vocabularyLevel}`}>
                <h3 className="level-name">{level ? <T k={levelName(level)} /> : v.vocabularyLevel}</h3>
                {level && (
                  <p className="level-list">
                    <T k={levelList(level)} />
                  </p>
                )}
                <p className="level-numbers">
                  <span>
                    <span className="level-label">
                      <T k="dashboard.required" />
                    </span>{' '}
                    <strong>{v.required}</strong>
                  </span>
                  <span>
                    <span className="level-label">
                      <T k="dashboard.passed" />
                    </span>{' '}
                    <strong>{v.passed}</strong>
                  </span>
                </p>
                <div
                  className="meter"
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={v.percent}
                  aria-label={meterLabel(lang, level && levelName(level), v.vocabularyLevel, v.passed, v.required)}
                >
                  <div style={{ width: `${v.percent}%` }} />
                </div>
                <p className="level-percent">{v.percent}%</p>
                <p className="level-counts">
                  <T k="dashboard.counts" />
                </p>
                <p className="level-go">
                  <Link href="/task">
                    <T k="dashboard.toTasks" />
                  </Link>{' '}
                  →
                </p>
              </article>
            );
          })}
        </div>
      </section>
      <section className="card" aria-labelledby="scores-title">
        <h2 id="scores-title">
          <T k="dashboard.scoresTitle" />
        </h2>
        {dashboard && <LatestScores dashboard={dashboard} />}
      </section>
    </div>
  );
}

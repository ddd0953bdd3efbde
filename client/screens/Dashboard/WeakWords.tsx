/**
 * The class's weak words (班级易错词) on the teacher's dashboard: for the selected class and a
 * period (this week, this term), the words its students missed most, each with how many students
 * missed it, the common wrong spellings and who; "Assign these words" gives them to the class as
 * a task (a unit of the class's own weak-words book, server/mistakes/class.ts), so the usual
 * next task, results, reports and live view follow.
 */
import { Suspense, useRef, useState, useTransition } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link } from 'wouter';
import { T, useT } from '../../i18n';
import { Loading } from '../../ui/Loading';
import { speechSrc } from '../../ui/player/speech';
import { useRefusal, useServerMessage } from '../../ui/serverMessages';
import type { WeakWordsQuery, WeakWordsPeriod } from './__generated__/WeakWordsQuery.graphql';
import type { WeakWordsAssignMutation } from './__generated__/WeakWordsAssignMutation.graphql';
import './weakWords.css';

const PERIODS: { value: WeakWordsPeriod; key: 'weakWords.week' | 'weakWords.term' }[] = [
  { value: 'WEEK', key: 'weakWords.week' },
  { value: 'TERM', key: 'weakWords.term' },
];

export function WeakWords({ className }: { className: string }) {
  const [period, setPeriod] = useState<WeakWordsPeriod>('WEEK');
  // Another period keeps the list on screen until the new one is there.
  const [switching, startTransition] = useTransition();
  return (
    <Suspense
      fallback={
        <section className="card weak-words">
          <Loading />
        </section>
      }
    >
      <WeakCard key={className} className={className} period={period} switching={switching} onPeriod={(p) => startTransition(() => setPeriod(p))} />
    </Suspense>
  );
}

/** The assignment's progress; an error carries its message (the server's, in the page's language). */
type Status = { tone: 'info' | 'success' | 'error'; text?: string } | null;

/** The card, once the class is known to be the viewer's (another teacher's class shows nothing). */
function WeakCard({
  className,
  period,
  switching,
  onPeriod,
}: {
  className: string;
  period: WeakWordsPeriod;
  switching: boolean;
  onPeriod: (p: WeakWordsPeriod) => void;
}) {
  const data = useRouteQuery<WeakWordsQuery>(
    graphql`
      query WeakWordsQuery($className: String!, $period: WeakWordsPeriod!) {
        viewer {
          class(name: $className) {
            id
            name
            weakWords(period: $period) {
              sinceDay
              words {
                text
                studentCount
                timesMissed
                wrongSpellings {
                  spelling
                  count
                }
                students {
                  displayName
                  timesMissed
                }
                card {
                  audioUrl
                }
              }
            }
          }
        }
      }
    `,
    { className, period },
    { fetchPolicy: 'store-and-network' },
  );
  const { t, lang } = useT();
  const refusal = useRefusal();
  const say = useServerMessage();
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [commit, assigning] = useMutation<WeakWordsAssignMutation>(graphql`
    mutation WeakWordsAssignMutation($input: AssignWordsInput!) {
      assignWords(input: $input) {
        __typename
        ... on AssignWordsPayload {
          info
          bookUnitId
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const klass = data.viewer?.class;
  if (!klass) return null;
  const { sinceDay, words } = klass.weakWords;
  const hear = (url: string) => {
    const el = audio.current;
    if (!el) return;
    el.src = speechSrc(url);
    void el.play().catch(() => undefined);
  };
  const assign = () => {
    setStatus({ tone: 'info' });
    commit({
      variables: { input: { classId: klass.id, words: words.map((w) => w.text) } },
      onCompleted: ({ assignWords: reply }) => {
        if (reply.__typename === 'AssignWordsPayload') setStatus({ tone: 'success' });
        else setStatus({ tone: 'error', text: reply.message ? say(reply.message, reply.__typename) : t('weakWords.notAssigned') });
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card weak-words" data-testid="weak-words" aria-labelledby="weak-words-title" aria-busy={switching}>
      <h2 id="weak-words-title">
        <T k="weakWords.title" />
      </h2>
      <p className="hint">
        <T k="weakWords.intro" values={{ className: klass.name }} />
      </p>
      <div className="period-switch" role="group" aria-label={t('weakWords.period')}>
        {PERIODS.map((p) => (
          <button
            key={p.value}
            type="button"
            className={`button period${period === p.value ? ' primary' : ''}`}
            aria-pressed={period === p.value}
            onClick={() => onPeriod(p.value)}
          >
            <T k={p.key} />
          </button>
        ))}
      </div>
      <p className="hint weak-since">
        <T k="weakWords.since" values={{ date: sinceDay }} />
      </p>
      <audio ref={audio} preload="none" />
      {words.length === 0 ? (
        <p className="weak-none" data-testid="weak-words-none">
          <T k="weakWords.none" />
        </p>
      ) : (
        <>
          <ol className="weak-list" data-testid="weak-words-list">
            {words.map((w) => (
              <li key={w.text} className="weak-word" data-testid={`weak-${w.text}`}>
                <p className="weak-head">
                  <strong lang="en" translate="no">
                    {w.text}
                  </strong>
                  {w.card && (
                    <button type="button" className="link-button" onClick={() => hear(w.card!.audioUrl)} aria-label={t('weakWords.hear', { word: w.text })}>
                      ▶
                    </button>
                  )}
                  <span className="weak-count" data-testid="weak-count">
                    {w.studentCount === 1 ? <T k="weakWords.oneStudent" /> : <T k="weakWords.students" values={{ n: w.studentCount }} />}
                  </span>
                  <span className="muted">{w.timesMissed === 1 ? <T k="weakWords.once" /> : <T k="weakWords.times" values={{ n: w.timesMissed }} />}</span>
                </p>
                <p className="weak-line" data-testid="weak-spellings">
                  <span className="weak-label">
                    <T k="weakWords.spellings" />
                  </span>{' '}
                  {w.wrongSpellings.length === 0 ? (
                    <span className="muted">
                      <T k="weakWords.noSpelling" />
                    </span>
                  ) : (
                    w.wrongSpellings.map((s, i) => (
                      <span key={s.spelling}>
                        {i > 0 && ', '}
                        <del className="weak-wrong" lang="en" translate="no">
                          {s.spelling}
                        </del>
                        {s.count > 1 && <span className="muted"> ×{s.count}</span>}
                      </span>
                    ))
                  )}
                </p>
                <p className="weak-line" data-testid="weak-students">
                  <span className="weak-label">
                    <T k="weakWords.who" />
                  </span>{' '}
                  <span translate="no">
                    {w.students.map((s) => (s.timesMissed > 1 ? `${s.displayName} ×${s.timesMissed}` : s.displayName)).join(lang === 'en' ? ', ' : '、')}
                  </span>
                </p>
              </li>
            ))}
          </ol>
          <p className="weak-actions">
            <button type="button" className="button primary" onClick={assign} disabled={assigning}>
              <T k="weakWords.assign" values={{ n: words.length }} />
            </button>
          </p>
          <p className="hint">
            <T k="weakWords.assignNote" />
          </p>
        </>
      )}
      <div role="status" aria-live="polite" data-testid="weak-status" className={status ? `status status-${status.tone}` : 'status'}>
        {status?.tone === 'info' && <T k="weakWords.assigning" />}
        {status?.tone === 'success' && (
          <>
            <T k="weakWords.assigned" />{' '}
            <Link href="/task">
              <T k="weakWords.seeTasks" />
            </Link>
          </>
        )}
        {status?.tone === 'error' && status.text}
      </div>
    </section>
  );
}

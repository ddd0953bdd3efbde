/**
 * The teacher's live class view: each student of the selected class with the answers they give
 * as they give them (word, ✓/✗), their finished tasks with scores and a message when one finishes
 * the last unit of a book (no next task comes by itself), over a graphql-ws
 * subscription that catches up after a reconnect without showing anything twice. Events are
 * gathered for a moment and kept per student (activity.ts), so a class of 50 answering together
 * redraws only the cards of those who answered; a search and a count of who is answering keep
 * the 50 cards readable.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { StudentSearch } from '../../ui/StudentSearch';
import { graphql, useSubscription } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { Link } from 'wouter';
import { readUser, setStoredValue } from '../../session';
import { T, useT } from '../../i18n';
import type { LiveClassQuery } from './__generated__/LiveClassQuery.graphql';
import { lastAttempt } from './attempts';
import { addEvents, emptyActivity } from './activity';
import { specStatus } from '../../ui/player/result';
import type { LiveClassSubscription, LiveClassSubscription$data } from './__generated__/LiveClassSubscription.graphql';

/** An event as the view keeps it: with its kind in the activity store's words ('answer', 'finished', 'bookFinished') and an answer's status in the spec's ('v', 'x', …). */
type Event = LiveClassSubscription$data['classActivity'] & { kind: string; status: string | null };

const ACTIVITY_KIND: Record<string, string> = { ANSWER: 'answer', FINISHED: 'finished', BOOK_FINISHED: 'bookFinished' };

/** The National standards book: the only book whose Spelling Bee passes fill the students' word lists. */
const NATIONAL_BOOK = 'NS2022';

/** Downloads the class's results as CSV (the call needs the access token, so not a plain link). */
async function exportCsv(className: string, failed: string) {
  const response = await fetch(`/api/v1.0/userclasses/export?className=${encodeURIComponent(className)}`, {
    headers: { 'x-access-token': readUser()?.accessToken ?? '' },
  });
  if (!response.ok) {
    alert((await response.json().catch(() => null))?.info ?? failed);
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `wordbee-${className}-results.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

export function LiveClass({ className }: { className: string }) {
  const data = useRouteQuery<LiveClassQuery>(
    graphql`
      query LiveClassQuery($className: String!) {
        viewer {
          class(name: $className) {
            id
            name
            students
          }
        }
      }
    `,
    { className },
    { fetchPolicy: 'store-and-network' },
  );
  const klass = data.viewer?.class;
  if (!klass)
    return (
      <p className="guidance">
        <T k="dashboard.noSuchClass" />
      </p>
    );
  return <Activity key={klass.id} classId={klass.id} name={klass.name} students={klass.students} />;
}

/** How long answers gather before the view shows them: one render for a class's burst, not one per answer. */
const FLUSH_MS = 100;

function Activity({ classId, name, students }: { classId: string; name: string; students: readonly string[] }) {
  const { t } = useT();
  const [activity, setActivity] = useState(emptyActivity<Event>);
  const [connected, setConnected] = useState(true);
  // Events wait here until the next flush (the replay of the day arrives in one burst).
  const pending = useRef<Event[]>([]);
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  const config = useMemo<GraphQLSubscriptionConfig<LiveClassSubscription>>(
    () => ({
      subscription: graphql`
        subscription LiveClassSubscription($classId: ID!) {
          classActivity(classId: $classId) {
            eventId
            eventKind
            at
            student
            taskId
            bookUnitId
            taskType
            position
            word
            typed
            answerStatus
            timeoutSec
            score
            bookTitle
            practise
          }
        }
      `,
      variables: { classId },
      onNext: (response) => {
        const event = response?.classActivity;
        if (!event) return;
        setConnected(true);
        pending.current.push({ ...event, kind: ACTIVITY_KIND[event.eventKind] ?? event.eventKind, status: specStatus(event.answerStatus, event.timeoutSec) });
        if (timer.current !== null) return;
        timer.current = window.setTimeout(() => {
          timer.current = null;
          const batch = pending.current;
          pending.current = [];
          // A reconnect replays what happened since the start: addEvents drops what is already shown.
          setActivity((current) => addEvents(current, batch));
        }, FLUSH_MS);
      },
      onError: () => setConnected(false),
    }),
    [classId],
  );
  useSubscription(config);

  // A student who finished a book's last unit gets no next task: the teacher chooses a new book.
  const booksFinished = activity.booksFinished;
  // Fifty cards do not fit a screen: how the class stands at a glance, and one student found by name.
  const [search, setSearch] = useState('');
  const looked = search.trim().toLowerCase();
  const shown = looked ? students.filter((s) => s.toLowerCase().includes(looked)) : students;
  const standing = useMemo(() => {
    let answering = 0;
    let finished = 0;
    for (const s of students) {
      const mine = activity.byStudent.get(s.toLowerCase()) ?? NO_EVENTS;
      if (mine.at(-1)?.kind === 'answer') answering++;
      else if (mine.length > 0) finished++;
    }
    return { answering, finished, waiting: students.length - answering - finished };
  }, [activity.byStudent, students]);

  return (
    <section className="card">
      <h1>
        <T k="dashboard.liveTitle" />
      </h1>
      <p className="hint">
        <T k="dashboard.liveIntro" values={{ name }} />{' '}
        <span className={connected ? 'live-dot on' : 'live-dot'}>
          <T k={connected ? 'dashboard.live' : 'dashboard.reconnecting'} />
        </span>
      </p>
      <p>
        <button type="button" className="link-button" onClick={() => void exportCsv(name, t('dashboard.exportFailed'))}>
          <T k="dashboard.exportCsv" />
        </button>
      </p>
      {booksFinished.length > 0 && (
        <ul className="book-finished-list" aria-label={t('dashboard.booksFinished')}>
          {booksFinished.map((e) => (
            <li key={e.eventId} role="status" data-testid="book-finished">
              <T
                k="dashboard.bookFinished"
                values={{ student: e.student, book: e.bookTitle ?? e.bookUnitId.split('-')[0]!, type: e.taskType, unit: e.bookUnitId }}
              />{' '}
              <Link href="/textbooks">
                <T k="dashboard.openTextbooks" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="live-toolbar">
        <p className="live-standing" data-testid="live-standing">
          <span>
            <T k="dashboard.answeringNow" /> <strong>{standing.answering}</strong>{' '}
          </span>
          <span>
            <T k="dashboard.finishedATask" /> <strong>{standing.finished}</strong>{' '}
          </span>
          <span>
            <T k="dashboard.noAnswersYetCount" /> <strong>{standing.waiting}</strong>
          </span>
        </p>
        <StudentSearch value={search} onChange={setSearch} />
      </div>
      {shown.length === 0 && (
        <p className="empty">
          <T k="dashboard.noStudentFound" values={{ name: search.trim() }} />
        </p>
      )}
      <div className="live-grid">
        {shown.map((student) => (
          <StudentCard key={student} student={student} events={activity.byStudent.get(student.toLowerCase()) ?? NO_EVENTS} />
        ))}
      </div>
      <p className="hint">
        <Link href="/task">
          <T k="dashboard.classTasks" />
        </Link>
      </p>
      <div className="dash-note" data-testid="vocabulary-note">
        <p className="hint">
          <T k="dashboard.vocabularyNote" />
        </p>
        <p>
          <Link href="/textbooks" onClick={() => setStoredValue('currentBId', NATIONAL_BOOK)}>
            <T k="dashboard.openNational" />
          </Link>
        </p>
      </div>
    </section>
  );
}

const NO_EVENTS: readonly Event[] = [];

/** One student's card; rendered again only when that student's events change. */
const StudentCard = memo(function StudentCard({ student, events }: { student: string; events: readonly Event[] }) {
  const answers = events.filter((e) => e.kind === 'answer');
  const finished = events.filter((e) => e.kind === 'finished');
  const bookDone = events.filter((e) => e.kind === 'bookFinished').at(-1);
  const current = answers.at(-1);
  // Answering while the latest event is an answer; after a finished task the hint says so (its chips stay).
  const answering = events.at(-1)?.kind === 'answer';
  const shown = current ? lastAttempt(answers, current.taskId) : [];
  return (
    <article className="live-student" data-testid={`live-${student}`}>
      <h2 translate="no">{student}</h2>
      <p className="hint">
        {current && answering ? (
          <>
            <span translate="no">
              {current.taskType} {current.bookUnitId}
            </span>{' '}
            · <T k="dashboard.wordN" values={{ n: current.position ?? '' }} />
          </>
        ) : (
          <T k={finished.length ? 'dashboard.finishedTasks' : 'dashboard.noAnswersYet'} />
        )}
      </p>
      <div className="answer-chips">
        {shown.map((a) => (
          <span key={a.eventId} translate="no" className={`chip ${a.status === 'v' ? 'right' : 'wrong'}`} title={`${a.word}: ${a.typed || '—'} (${a.status})`}>
            {a.word} {a.status === 'v' ? '✓' : '✗'}
          </span>
        ))}
      </div>
      {finished.length > 0 && (
        <ul className="finished-list">
          {finished.map((f) => {
            // Spelling and flashcards: the words answered wrong; pronunciation: the words to practise.
            const missed =
              f.practise ??
              lastAttempt(answers, f.taskId)
                .filter((a) => a.status !== 'v')
                .map((a) => a.word);
            return (
              <li key={f.eventId}>
                <span translate="no">
                  {f.taskType} {f.bookUnitId}
                </span>
                : <strong>{f.score}</strong>
                {missed.length > 0 && (
                  <span className="missed">
                    {' '}
                    · <T k={f.practise ? 'dashboard.practise' : 'dashboard.missed'} /> <span translate="no">{missed.join(', ')}</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {bookDone && (
        <p className="book-finished">
          <T k="dashboard.bookDone" values={{ book: bookDone.bookUnitId.split('-')[0]! }} />
        </p>
      )}
    </article>
  );
});

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
import { graphql, useLazyLoadQuery, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { Link } from 'wouter';
import { readUser } from '../../session';
import type { LiveClassQuery } from './__generated__/LiveClassQuery.graphql';
import { lastAttempt } from './attempts';
import { addEvents, emptyActivity } from './activity';
import type { LiveClassSubscription, LiveClassSubscription$data } from './__generated__/LiveClassSubscription.graphql';

type Event = LiveClassSubscription$data['classActivity'];

/** Downloads the class's results as CSV (the call needs the access token, so not a plain link). */
async function exportCsv(className: string) {
  const response = await fetch(`/api/v1.0/userclasses/export?className=${encodeURIComponent(className)}`, {
    headers: { 'x-access-token': readUser()?.accessToken ?? '' },
  });
  if (!response.ok) {
    alert((await response.json().catch(() => null))?.info ?? 'The export failed');
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `wordbee-${className}-results.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

export function LiveClass({ className }: { className: string }) {
  const data = useLazyLoadQuery<LiveClassQuery>(
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
  if (!klass) return <p className="guidance">Go Classes menu and select a class to work with</p>;
  return <Activity key={klass.id} classId={klass.id} name={klass.name} students={klass.students} />;
}

/** How long answers gather before the view shows them: one render for a class's burst, not one per answer. */
const FLUSH_MS = 100;

function Activity({ classId, name, students }: { classId: string; name: string; students: readonly string[] }) {
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
            kind
            at
            student
            taskId
            bookUnitId
            type
            position
            word
            typed
            status
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
        pending.current.push(event);
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
      <h1>Live class · 实时成绩</h1>
      <p className="hint">
        Class <strong>{name}</strong>: answers appear as students give them (the last 24 hours).{' '}
        <span className={connected ? 'live-dot on' : 'live-dot'}>{connected ? 'live' : 'reconnecting…'}</span>{' '}
        <button type="button" className="link-button" onClick={() => void exportCsv(name)}>
          Export results (CSV)
        </button>
      </p>
      {booksFinished.length > 0 && (
        <ul className="book-finished-list" aria-label="Books finished">
          {booksFinished.map((e) => (
            <li key={e.eventId} role="status" data-testid="book-finished">
              <strong>{e.student}</strong> finished the last unit of <em>{e.bookTitle}</em> ({e.type} {e.bookUnitId}); assign a new book. ·{' '}
              {e.student} 已完成本书最后一个单元，请布置新教材。 <Link href="/textbooks">Open Textbooks</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="live-toolbar">
        <p className="live-standing" data-testid="live-standing">
          <span>
            answering now <strong>{standing.answering}</strong> · 正在答题
          </span>
          <span>
            finished a task <strong>{standing.finished}</strong> · 已完成
          </span>
          <span>
            no answers yet <strong>{standing.waiting}</strong> · 未作答
          </span>
        </p>
        <StudentSearch value={search} onChange={setSearch} />
      </div>
      {shown.length === 0 && <p className="empty">No student of this class has a name containing “{search.trim()}”.</p>}
      <div className="live-grid">
        {shown.map((student) => (
          <StudentCard key={student} student={student} events={activity.byStudent.get(student.toLowerCase()) ?? NO_EVENTS} />
        ))}
      </div>
      <p className="hint">
        <Link href="/task">See the class's open tasks</Link>
      </p>
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
  const shown = current ? lastAttempt(answers, current.taskId) : [];
  return (
    <article className="live-student" data-testid={`live-${student}`}>
      <h2>{student}</h2>
      <p className="hint">{current ? `${current.type} ${current.bookUnitId} · word ${current.position}` : finished.length ? 'Finished tasks:' : 'No answers yet'}</p>
      <div className="answer-chips">
        {shown.map((a) => (
          <span key={a.eventId} className={`chip ${a.status === 'v' ? 'right' : 'wrong'}`} title={`${a.word}: ${a.typed || '—'} (${a.status})`}>
            {a.word} {a.status === 'v' ? '✓' : '✗'}
          </span>
        ))}
      </div>
      {finished.length > 0 && (
        <ul className="finished-list">
          {finished.map((f) => {
            // Spelling and flashcards: the words answered wrong; pronunciation: the words to practise.
            const missed = f.practise ?? lastAttempt(answers, f.taskId).filter((a) => a.status !== 'v').map((a) => a.word);
            return (
              <li key={f.eventId}>
                {f.type} {f.bookUnitId}: <strong>{f.score}</strong>
                {missed.length > 0 && (
                  <span className="missed">
                    {' '}
                    · {f.practise ? 'practise' : 'missed'} {missed.join(', ')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {bookDone && <p className="book-finished">Book {bookDone.bookUnitId.split('-')[0]} finished · assign a new book</p>}
    </article>
  );
});

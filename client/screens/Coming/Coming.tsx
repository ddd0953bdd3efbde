/** Routes whose screens are still being built show what they will do and what works now. */
import { Link, useLocation } from 'wouter';
import { minutesLeft, useSession } from '../../session';

const PLANNED: Record<string, string> = {
  '/task': 'your tasks: student, bookUnitID, TPID, Type and due date; click a Type to start it.',
  '/dashboard': 'your scores per task and your vocabulary per level.',
  '/record': 'recording and scoring your pronunciation.',
  '/spellingbee': 'the Spelling Bee player.',
  '/flashcardmaster': 'the Flashcard Master player.',
  '/classes': 'your classes: add, remove and select a class, and its reports.',
  '/textbooks': 'the textbooks of the selected class: click a unit to assign it.',
};

export default function Coming() {
  const [location] = useLocation();
  const user = useSession();
  return (
    <section className="panel panel-info">
      <h2>Coming soon · 即将上线</h2>
      <p>This page will show {PLANNED[location] ?? 'more of WordBee.'}</p>
      {user && location === '/task' && <p className="hint">user auth will expire in {minutesLeft(user)} minutes</p>}
      <p>
        <Link href="/listening">Practise listening meanwhile · 先练听力</Link>
      </p>
    </section>
  );
}

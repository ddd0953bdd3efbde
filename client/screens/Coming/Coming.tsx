/** Routes whose screens are still being built show what they will do and what works now. */
import { Link, useLocation } from 'wouter';

const PLANNED: Record<string, string> = {
  '/record': 'recording and scoring your pronunciation.',
};

export default function Coming() {
  const [location] = useLocation();
  return (
    <section className="panel panel-info">
      <h2>Coming soon · 即将上线</h2>
      <p>This page will show {PLANNED[location] ?? 'more of WordBee.'}</p>
      <p>
        <Link href="/listening">Practise listening meanwhile · 先练听力</Link>
      </p>
    </section>
  );
}

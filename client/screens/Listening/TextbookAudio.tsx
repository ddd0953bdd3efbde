/** /rjbpep, /rjbms, /rjbhs: textbook audio by school level, linked from the Listening page. */
import { Link, useLocation } from 'wouter';

const LEVELS: Record<string, { title: string; zh: string }> = {
  '/rjbpep': { title: 'Primary school textbook audio (PEP)', zh: '小学英语（人教版）课本音频' },
  '/rjbms': { title: 'Middle school textbook audio', zh: '初中英语课本音频' },
  '/rjbhs': { title: 'High school textbook audio', zh: '高中英语课本音频' },
};

export default function TextbookAudio() {
  const [location] = useLocation();
  const level = LEVELS[location] ?? LEVELS['/rjbpep']!;
  return (
    <div className="doc">
      <h1>
        {level.title} · {level.zh}
      </h1>
      <section className="card">
        <p>
          Every word of every unit can be heard in WordBee's players: open a task and press play, or open a textbook unit from the
          Textbooks page. 每个单元的单词都可以在练习中收听。
        </p>
        <p>
          <Link href="/listening">← Back to Listening</Link>
        </p>
      </section>
    </div>
  );
}

/** /rjbpep, /rjbms, /rjbhs: textbook audio by school level, linked from the Listening page. */
import { Link, useLocation } from 'wouter';
import { T, type MessageKey } from '../../i18n';

const LEVELS: Record<string, MessageKey> = {
  '/rjbpep': 'listening.primaryAudioTitle',
  '/rjbms': 'listening.middleAudioTitle',
  '/rjbhs': 'listening.highAudioTitle',
};

export default function TextbookAudio() {
  const [location] = useLocation();
  const title = LEVELS[location] ?? LEVELS['/rjbpep']!;
  return (
    <div className="doc">
      <h1>
        <T k={title} />
      </h1>
      <section className="card">
        <p>
          <T k="listening.inThePlayers" />
        </p>
        <p>
          <Link href="/listening">
            <T k="listening.backToListening" />
          </Link>
        </p>
      </section>
    </div>
  );
}

/**
 * Listening (spec screen 3): the practice method, sample audio made by WordBee (a word list in
 * a slow male voice, expressions in a faster female voice), a sample video (also made by WordBee:
 * `npm run media:video`), a PDF article, adjustable playback speed with 1.0x recommended, links
 * to textbook audio, and Back to top.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { T, fill, messageOf, useT, type MessageKey } from '../../i18n';
import { LISTENING_FILES, LISTENING_VIDEO, SAMPLE_EXPRESSIONS, SAMPLE_WORDS, VIDEO_SLIDES } from '../../../server/speech/listening-texts';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5];

const STEPS: MessageKey[] = ['listening.step1', 'listening.step2', 'listening.step3', 'listening.step4', 'listening.step5'];

/** The playback speed buttons under a recording (1.0x recommended, marked ★). */
function SpeedControl({ titleKey, speed, onChange }: { titleKey: MessageKey; speed: number; onChange: (speed: number) => void }) {
  const { lang } = useT();
  // Each language names the recording in its own words.
  const title = messageOf(titleKey);
  const speedFor = messageOf('listening.speedFor');
  const en = fill(speedFor.en, { title: title.en });
  return (
    <div className="speed" role="group" aria-label={lang === 'en' ? en : `${fill(speedFor.zh, { title: title.zh })} · ${en}`}>
      <span>
        <T k="listening.speed" />
      </span>
      {SPEEDS.map((s) => (
        <button key={s} type="button" translate="no" aria-pressed={speed === s} onClick={() => onChange(s)}>
          {s}x{s === 1 ? ' ★' : ''}
        </button>
      ))}
    </div>
  );
}

function Sample({ titleKey, noteKey, file, text, video = false }: { titleKey: MessageKey; noteKey: MessageKey; file: string; text: string; video?: boolean }) {
  const { t } = useT();
  const title = t(titleKey);
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const [showText, setShowText] = useState(false);
  useEffect(() => {
    if (media.current) media.current.playbackRate = speed;
  }, [speed]);
  // A new source resets the rate; keep the chosen speed.
  const keepSpeed = () => {
    if (media.current) media.current.playbackRate = speed;
  };
  return (
    <article className={video ? 'card sample sample-video' : 'card sample'}>
      <h3>
        <T k={titleKey} />
      </h3>
      <p className="hint">
        <T k={noteKey} />
      </p>
      {video ? (
        <video ref={media} controls preload="metadata" playsInline src={file} onLoadedMetadata={keepSpeed} aria-label={title} />
      ) : (
        <audio ref={media} controls preload="none" src={file} onLoadedMetadata={keepSpeed} />
      )}
      <SpeedControl titleKey={titleKey} speed={speed} onChange={setSpeed} />
      <button type="button" className="link-button" onClick={() => setShowText((v) => !v)} aria-expanded={showText}>
        {showText ? <T k="listening.hideText" /> : <T k="listening.showText" />}
      </button>
      {showText && (
        <p className="transcript" lang="en" translate="no">
          {text}
        </p>
      )}
    </article>
  );
}

function BackToTop() {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > 300);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="button back-to-top"
      aria-label={t('listening.backToTop')}
      title={t('listening.backToTop')}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        // The keyboard goes back to the top too (the button goes away there), to the page's start.
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      ↑
      <span className="back-to-top-text">
        {' '}
        <T k="listening.backToTop" />
      </span>
    </button>
  );
}

export default function Listening() {
  return (
    <div className="doc" id="top">
      <h1>
        <T k="listening.title" />
      </h1>
      <section className="card">
        <h2>
          <T k="listening.how" />
        </h2>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s}>
              <T k={s} />
            </li>
          ))}
        </ol>
        <p>
          <T k="listening.speedAdvice" />
        </p>
        <p>
          <a href={`/media/listening/${LISTENING_FILES.article}`} target="_blank" rel="noopener">
            <T k="listening.article" />
          </a>
        </p>
      </section>
      <h2>
        <T k="listening.samples" />
      </h2>
      <div className="sample-grid">
        <Sample
          titleKey="listening.wordList"
          noteKey="listening.wordListNote"
          file={`/media/listening/${LISTENING_FILES.wordList}`}
          text={SAMPLE_WORDS.join(', ')}
        />
        <Sample
          titleKey="listening.expressions"
          noteKey="listening.expressionsNote"
          file={`/media/listening/${LISTENING_FILES.expressions}`}
          text={SAMPLE_EXPRESSIONS.join(' ')}
        />
      </div>
      <h2>
        <T k="listening.video" />
      </h2>
      <Sample
        video
        titleKey="listening.videoTitle"
        noteKey="listening.videoNote"
        file={LISTENING_VIDEO}
        text={VIDEO_SLIDES.map((slide) => slide.say).join(' ')}
      />
      <section className="card">
        <h2>
          <T k="listening.textbookAudio" />
        </h2>
        <ul className="link-list">
          <li>
            <Link href="/rjbpep">
              <T k="listening.primary" />
            </Link>
          </li>
          <li>
            <Link href="/rjbms">
              <T k="listening.middle" />
            </Link>
          </li>
          <li>
            <Link href="/rjbhs">
              <T k="listening.high" />
            </Link>
          </li>
        </ul>
        <h3>
          <T k="listening.moreOnWeb" />
        </h3>
        <ul className="link-list" lang="en" translate="no">
          <li>
            <a href="https://learnenglishkids.britishcouncil.org/listen-watch" target="_blank" rel="noopener noreferrer">
              British Council LearnEnglish Kids
            </a>
          </li>
          <li>
            <a href="https://learningenglish.voanews.com/" target="_blank" rel="noopener noreferrer">
              VOA Learning English
            </a>
          </li>
          <li>
            <a href="https://www.bbc.co.uk/learningenglish" target="_blank" rel="noopener noreferrer">
              BBC Learning English
            </a>
          </li>
        </ul>
      </section>
      <BackToTop />
    </div>
  );
}

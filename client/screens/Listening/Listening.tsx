/**
 * Listening (spec screen 3): the practice method, sample audio made by WordBee (a word list in
 * a slow male voice, expressions in a faster female voice), a sample video (also made by WordBee:
 * `npm run media:video`), a PDF article, adjustable playback speed with 1.0x recommended, links
 * to textbook audio, and Back to top.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LISTENING_FILES, LISTENING_VIDEO, SAMPLE_EXPRESSIONS, SAMPLE_WORDS, VIDEO_SLIDES } from '../../../server/speech/listening-texts';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5];

const STEPS = [
  'Listen to the full audio without reading the text.',
  'Write down and read aloud what you heard.',
  'Repeat until nothing more is understood.',
  'Check against the text.',
  'Repeat until everything is understood.',
];

/** The playback speed buttons under a recording (1.0x recommended, marked ★). */
function SpeedControl({ label, speed, onChange }: { label: string; speed: number; onChange: (speed: number) => void }) {
  return (
    <div className="speed" role="group" aria-label={`Playback speed for ${label}`}>
      <span>Speed</span>
      {SPEEDS.map((s) => (
        <button key={s} type="button" aria-pressed={speed === s} onClick={() => onChange(s)}>
          {s}x{s === 1 ? ' ★' : ''}
        </button>
      ))}
    </div>
  );
}

function Sample({ title, note, file, text, video = false }: { title: string; note: string; file: string; text: string; video?: boolean }) {
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
      <h3>{title}</h3>
      <p className="hint">{note}</p>
      {video ? (
        <video ref={media} controls preload="metadata" playsInline src={file} onLoadedMetadata={keepSpeed} aria-label={title} />
      ) : (
        <audio ref={media} controls preload="none" src={file} onLoadedMetadata={keepSpeed} />
      )}
      <SpeedControl label={title} speed={speed} onChange={setSpeed} />
      <button type="button" className="link-button" onClick={() => setShowText((v) => !v)} aria-expanded={showText}>
        {showText ? 'Hide the text' : 'Show the text (after listening!)'}
      </button>
      {showText && <p className="transcript">{text}</p>}
    </article>
  );
}

function BackToTop() {
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
      aria-label="Back to top"
      title="Back to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        // The keyboard goes back to the top too (the button goes away there), to the page's start.
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      ↑<span className="back-to-top-text"> Back to top</span>
    </button>
  );
}

export default function Listening() {
  return (
    <div className="doc" id="top">
      <h1>Listening · 听力练习</h1>
      <section className="card">
        <h2>How to practise</h2>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          We recommend normal speed (<strong>1.0x</strong>) with the text for support when needed. Playback speed can be changed
          below each recording. 建议以正常速度（1.0x）练习，需要时再看文字。
        </p>
        <p>
          <a href={`/media/listening/${LISTENING_FILES.article}`} target="_blank" rel="noopener">
            Read the article: How to practise listening (PDF)
          </a>
        </p>
      </section>
      <h2>Sample audio</h2>
      <div className="sample-grid">
        <Sample
          title="Word list"
          note="35 primary school words, read slowly by a male voice."
          file={`/media/listening/${LISTENING_FILES.wordList}`}
          text={SAMPLE_WORDS.join(', ')}
        />
        <Sample
          title="Classroom expressions"
          note="12 everyday expressions, read at a faster pace by a female voice."
          file={`/media/listening/${LISTENING_FILES.expressions}`}
          text={SAMPLE_EXPRESSIONS.join(' ')}
        />
      </div>
      <h2>Sample video · 示范视频</h2>
      <Sample
        video
        title="How to practise listening"
        note="36 seconds: the five steps, then five words to listen to and repeat. 五个步骤，再跟读五个单词。"
        file={LISTENING_VIDEO}
        text={VIDEO_SLIDES.map((slide) => slide.say).join(' ')}
      />
      <section className="card">
        <h2>Textbook audio</h2>
        <ul className="link-list">
          <li>
            <Link href="/rjbpep">Primary school (PEP) · 小学人教版</Link>
          </li>
          <li>
            <Link href="/rjbms">Middle school · 初中</Link>
          </li>
          <li>
            <Link href="/rjbhs">High school · 高中</Link>
          </li>
        </ul>
        <h3>More listening on the web</h3>
        <ul className="link-list">
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

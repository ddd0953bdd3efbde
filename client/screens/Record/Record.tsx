/**
 * Record (spec screen 12, 'Record flow'): Record starts the microphone (Opus at 16 kbit/s — WebM
 * in Chrome, Ogg in Firefox) and shows the task's words one after another, each for 500 ms plus
 * 160 ms per character (the last 300 ms longer), then stops by itself. Stop makes a clip (audio,
 * the unit's title, a Score box, Redo); Submit uploads it and shows the scores: every word coloured
 * by its score, its weak sounds said in plain words (sounds.ts), and the reference audio of each
 * weak word one click away. The heading says where the student is: press Record → reading →
 * listen back and submit → scoring → your score.
 * Without a task id this is free practice (`/usertasks/0`), scored but not stored.
 */
import { useEffect, useRef, useState } from 'react';
import { speechSrc } from '../../ui/player/speech';
import { graphql, useMutation } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link } from 'wouter';
import { recordTaskId } from '../../ui/player/taskId';
import { useWordCards } from '../../ui/player/WordCard';
import { useLeaveGuard } from '../../ui/player/useLeaveGuard';
import { PreviewNote, isPreview } from '../../ui/player/PreviewNote';
import { scoreBand } from '../../../server/speech/pa/phones';
import { T, messageOf, useT } from '../../i18n';
import { useServerMessage } from '../../ui/serverMessages';
import { RefusedError } from '../../RelayEnvironment';
import { SOUNDS, howTo, weakSoundsOf, type Sound } from './sounds';
import { targetWords, wordDurations } from '../../../server/speech/pa/text';
import type { RecordQuery } from './__generated__/RecordQuery.graphql';
import type { RecordSubmitMutation, RecordSubmitMutation$data } from './__generated__/RecordSubmitMutation.graphql';

const AUDIO_BITS_PER_SECOND = 16_000;
/**
 * The microphone as it is, without the browser's call processing. Echo cancellation, noise
 * suppression and automatic gain are made for calls; they reshape speech that the scoring engine
 * measures. The learner sample recorded through Chromium's MediaRecorder found the replaced word
 * 70.6% of the time with them and 76.0% without (77.8% from the original WAV files).
 */
const MICROPHONE: MediaTrackConstraints = { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 };

/**
 * When every scorer is busy (a whole class submitting at once beyond the server's queue), the
 * screen tries again by itself after these waits (then every 5 s), for up to a minute, still
 * showing 'Scoring': a student should not have to press Submit again and again.
 */
const BUSY_RETRY_MS = [1000, 2000, 3000, 5000];
const BUSY_GIVE_UP_MS = 60_000;

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'].find((t) => MediaRecorder.isTypeSupported(t));
}

type Payload = RecordSubmitMutation$data['submitRecording'];
type Scores = {
  total: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  practice: boolean;
  nextTask: string | null;
  words: NonNullable<Payload['words']>;
};

export default function Record() {
  const taskId = recordTaskId();
  const data = useRouteQuery<RecordQuery>(
    graphql`
      query RecordQuery($taskId: String!) {
        taskContent(taskId: $taskId) {
          label
          unitTitle
          taskType
          words {
            ...WordCard_card
          }
        }
      }
    `,
    { taskId },
    // Never a deck from the store: a task finished meanwhile (the Back button) must say so at once.
    { fetchPolicy: 'network-only' },
  );
  const content = data.taskContent;
  const cards = useWordCards(content.words);
  const words = cards.map((w) => w.text);
  const preview = isPreview();
  const { t } = useT();
  const say = useServerMessage();
  /** What the student calls the task: its unit's title (free practice: null). */
  const unitName = content.unitTitle ?? (taskId === '0' ? null : unitOf(content.label));
  const [commit] = useMutation<RecordSubmitMutation>(graphql`
    mutation RecordSubmitMutation($taskId: String!, $recording: File!, $text: String) {
      submitRecording(taskId: $taskId, recording: $recording, text: $text) {
        __typename
        ... on PronunciationPayload {
          total
          accuracy
          fluency
          completeness
          practice
          nextTask
          words {
            word
            score
            heard
            errorType
            audioUrl
            phones {
              phone
              score
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const [recording, setRecording] = useState(false);
  const [prompt, setPrompt] = useState('');
  /** Which word is on screen while recording (from 1), for the "3 of 20" beside it. */
  const [shown, setShown] = useState(0);
  const [clip, setClip] = useState<{ blob: Blob; url: string; extension: string } | null>(null);
  const [scoreText, setScoreText] = useState('');
  const [scores, setScores] = useState<Scores | null>(null);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState('');
  /** From Submit until the final answer, waits between busy retries included. */
  const [submitting, setSubmitting] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<number[]>([]);
  const submitButton = useRef<HTMLButtonElement>(null);
  // From Record until the clip is scored, leaving the page (reload, closing, Back) asks first;
  // Redo reloads on purpose and does not ask.
  const leaveFreely = useLeaveGuard((recording || clip !== null) && !done);
  // A recording made: the next step is Submit (Stop, which had the focus, is disabled now).
  useEffect(() => {
    if (clip) submitButton.current?.focus();
  }, [clip]);

  useEffect(
    () => () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      recorder.current?.stream.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  async function startRecording() {
    if (clip) {
      window.alert(t('record.pressRedo'));
      return;
    }
    if (recording || done) return;
    const mimeType = pickMimeType();
    if (!navigator.mediaDevices?.getUserMedia || !mimeType) {
      console.info('Record: this browser cannot record audio');
      setMessage(t('record.noRecorder'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE });
    } catch (error) {
      console.info('Record: no microphone', error);
      setMessage(t('record.noMicrophone'));
      return;
    }
    setMessage('');
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const blob = new Blob(chunks, { type: rec.mimeType || mimeType });
      setClip({ blob, url: URL.createObjectURL(blob), extension: blob.type.includes('ogg') ? 'ogg' : 'webm' });
      setRecording(false);
      setPrompt('');
      setShown(0);
    };
    recorder.current = rec;
    rec.start();
    setRecording(true);
    // Show the words one after another, then stop by itself.
    let at = 0;
    wordDurations(words).forEach((ms, i) => {
      timers.current.push(
        window.setTimeout(() => {
          setPrompt(words[i]!);
          setShown(i + 1);
        }, at),
      );
      at += ms;
    });
    timers.current.push(window.setTimeout(stopRecording, at));
  }

  function stopRecording() {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }

  function submit() {
    if (!clip || done || submitting) return;
    setSubmitting(true);
    setScoreText(t('record.scoring'));
    upload(new File([clip.blob], `${content.label}.${clip.extension}`, { type: clip.blob.type }), 0, 0);
  }

  function upload(file: File, attempt: number, waited: number) {
    const finish = (text: string) => {
      setScoreText(text);
      setSubmitting(false);
    };
    commit({
      // A teacher trying a student's task: scored as free practice against the task's words, not stored.
      variables: preview && taskId !== '0' ? { taskId: '0', recording: null, text: words.join(', ') } : { taskId, recording: null },
      uploadables: { recording: file },
      onCompleted: ({ submitRecording: r }) => {
        if (r.__typename === 'BusyError' && waited < BUSY_GIVE_UP_MS) return retry();
        if (r.__typename === 'PronunciationPayload' && r.words) {
          finish(`${r.total}`);
          setScores({
            total: r.total ?? 0,
            accuracy: r.accuracy ?? 0,
            fluency: r.fluency ?? 0,
            completeness: r.completeness ?? 0,
            practice: Boolean(r.practice),
            nextTask: r.nextTask ?? null,
            words: r.words,
          });
          setDone(true);
        } else {
          finish(r.message ? say(r.message, r.__typename) : t('record.couldNotScore'));
        }
      },
      // Refused before it was read (the server's uploads budget or queue was full: 503 with
      // Retry-After): sent again by itself, as a busy scorer's answer is.
      // The network failed (or the reply never came): the clip is still here to send again.
      onError: (error) => {
        if (error instanceof RefusedError && error.status === 503 && waited < BUSY_GIVE_UP_MS) return retry(error.retryAfterSec);
        finish(`${say(error.message)} ${t('record.keptForRetry')}`);
      },
    });
    /** Sends the same clip again after the next wait (at least what the server asked for). */
    function retry(retryAfterSec = 0) {
      const wait = Math.max(BUSY_RETRY_MS[Math.min(attempt, BUSY_RETRY_MS.length - 1)]!, Math.min(retryAfterSec, 10) * 1000);
      timers.current.push(window.setTimeout(() => upload(file, attempt + 1, waited + wait), wait));
    }
  }

  return (
    <section className="panel record" aria-label={t('record.regionLabel')}>
      <h1 data-testid="record-state">
        {scores ? (
          <T k="record.stateScored" values={{ score: scores.total }} />
        ) : submitting ? (
          <T k="record.stateScoring" />
        ) : clip ? (
          <T k="record.stateRecorded" />
        ) : recording ? (
          <T k="record.stateReading" />
        ) : (
          <T k="record.stateReady" />
        )}
      </h1>
      <PreviewNote />
      <p className="muted" data-testid="record-about">
        {unitName === null ? (
          <T k="record.aboutPractice" values={{ count: words.length }} />
        ) : (
          <T k="record.about" values={{ unit: unitName, count: words.length }} />
        )}
      </p>
      <div className="record-buttons">
        <button
          type="button"
          className={`button${recording ? ' recording' : ''}`}
          onClick={startRecording}
          disabled={done}
          aria-pressed={recording}
          title={recording ? t('record.recordingTitle') : undefined}
        >
          <T k="record.record" />
        </button>
        <button type="button" className="button" onClick={stopRecording} disabled={!recording || done}>
          <T k="record.stop" />
        </button>
        <button ref={submitButton} type="button" className="button primary" onClick={submit} disabled={!clip || done || submitting}>
          <T k="record.submit" />
        </button>
      </div>
      <label className="field record-prompt">
        <span className="field-label">
          <T k="record.prompt" />
          {recording && shown > 0 && (
            <span className="record-progress" data-testid="record-progress">
              {' '}
              · {shown} / {words.length}
            </span>
          )}
        </span>
        <input className="input prompt-input" lang="en" readOnly value={prompt} aria-live="polite" />
      </label>
      {message && (
        <p className="status status-error" role="alert">
          {message}
        </p>
      )}
      {clip && (
        <div className="clip">
          <audio controls src={clip.url} />
          <span className="clip-label" data-testid="clip-label" translate="no">
            {unitName ?? <T k="record.freePractice" />}
          </span>
          <label className="score-label">
            <T k="record.score" />
            <output className="score-box">{scoreText}</output>
          </label>
          <button
            type="button"
            className="button"
            onClick={() => {
              leaveFreely();
              window.location.reload();
            }}
            disabled={done}
          >
            <T k="record.redo" />
          </button>
        </div>
      )}
      {scores && <ScoreDetails scores={scores} items={cards} />}
    </section>
  );
}

/** What a student calls the task: its book and unit ('PEP3A-1'), not the whole task id; free practice as it is. */
const unitOf = (label: string) => /^([A-Za-z0-9_.]+-[A-Za-z0-9_.]+)-\d+-PA-/.exec(label)?.[1] ?? label;

type ScoredWord = Scores['words'][number];
type Item = { text: string; audioUrl: string; words: ScoredWord[] };

/**
 * The scored words back in the task's items, as the student saw them: "good morning" is one
 * item of two words. Should the counts not match, every word is an item of its own.
 */
function itemsOf(scores: Scores, items: readonly { text: string; audioUrl: string }[]): Item[] {
  const counts = items.map((item) => targetWords(item.text).length);
  if (counts.reduce((a, n) => a + n, 0) !== scores.words.length) return scores.words.map((w) => ({ text: w.word, audioUrl: w.audioUrl, words: [w] }));
  let at = 0;
  return items.map((item, i) => ({ text: item.text, audioUrl: item.audioUrl, words: scores.words.slice(at, (at += counts[i]!)) }));
}

function ScoreDetails({ scores, items }: { scores: Scores; items: readonly { text: string; audioUrl: string }[] }) {
  const audio = useRef<HTMLAudioElement>(null);
  const { t } = useT();
  const play = (src: string) => {
    const el = audio.current;
    if (!el) return;
    el.src = speechSrc(src);
    void el.play().catch(() => {});
  };
  return (
    <div className="pa-result" data-testid="pa-result">
      <div className="pa-summary">
        <span>
          <T k="record.total" /> <strong>{scores.total}</strong>
        </span>
        <span>
          <T k="record.accuracy" /> {scores.accuracy}
        </span>
        <span>
          <T k="record.fluency" /> {scores.fluency}
        </span>
        <span>
          <T k="record.completeness" /> {scores.completeness}
        </span>
      </div>
      <p className="pa-legend muted">
        <span className="pa-key good">
          <T k="record.good" />
        </span>{' '}
        <span className="pa-key fair">
          <T k="record.fair" />
        </span>{' '}
        <span className="pa-key weak">
          <T k="record.weak" />
        </span>
      </p>
      <ul className="pa-words">
        {itemsOf(scores, items).map((item, i) => {
          const heard = item.words.some((w) => w.heard);
          const score = Math.round(item.words.reduce((a, w) => a + w.score, 0) / item.words.length);
          // Each weak sound once, named with the word it was weak in.
          const weak = new Map<Sound, string>();
          for (const w of item.words) if (w.heard) for (const sound of weakSoundsOf(w.phones)) if (!weak.has(sound)) weak.set(sound, w.word);
          return (
            <li key={`${item.text}-${i}`} className={`pa-word ${scoreBand(score)}`} data-testid="pa-word">
              <span className="pa-word-text" lang="en" translate="no">
                {item.text}
              </span>
              <span className="pa-word-score">{heard ? score : <T k="record.notHeard" />}</span>
              {item.words.length > 1 && (
                <span className="pa-parts">
                  {item.words.map((w, j) => (
                    <span key={j} className={`pa-part ${scoreBand(w.score)}`}>
                      <span lang="en" translate="no">
                        {w.word}
                      </span>{' '}
                      {w.heard ? w.score : <T k="record.notHeard" />}
                    </span>
                  ))}
                </span>
              )}
              {heard && weak.size > 0 && (
                <ul className="pa-weak" data-testid="pa-sounds">
                  {[...weak].map(([sound, word]) => (
                    <SoundTip key={sound} sound={sound} word={word} />
                  ))}
                </ul>
              )}
              {item.words.some((w) => w.score < 80) && (
                <button type="button" className="link-button" onClick={() => play(item.audioUrl)} aria-label={t('record.listenTo', { word: item.text })}>
                  ▶ <T k="record.listen" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="muted">
        {scores.practice ? <T k="record.notSaved" /> : scores.nextTask ? <T k="record.savedNext" values={{ next: scores.nextTask }} /> : <T k="record.saved" />}{' '}
        {/* After a reply every button is off (spec); practice, saved nowhere, may simply go again. */}
        {scores.practice && (
          <>
            <button type="button" className="link-button" onClick={() => window.location.reload()}>
              <T k="record.again" />
            </button>{' '}
            ·{' '}
          </>
        )}
        <Link href="/task">
          <T k="record.backToTasks" />
        </Link>
      </p>
      <audio ref={audio} />
    </div>
  );
}

/**
 * One sound to practise, for a child: the word, the letters that make the sound, how to make it
 * (`think：“th”的音 — 舌尖放在上下齿之间，轻轻送气`, the English under it), then the IPA as a detail.
 */
function SoundTip({ sound, word }: { sound: Sound; word: string }) {
  const { lang } = useT();
  const { letters, example, ipa } = SOUNDS[sound];
  const name = messageOf('record.soundToPractise');
  const how = messageOf(howTo(sound));
  const withLetters = (text: string) => text.replace('{letters}', letters);
  return (
    <li className="pa-sound" data-sound={sound}>
      <strong lang="en" translate="no">
        {word}
      </strong>
      {lang === 'en' ? (
        <span lang="en">
          : {withLetters(name.en)} — {how.en}
        </span>
      ) : (
        <>
          <span lang="zh-CN">
            ：{withLetters(name.zh)} — {how.zh}
          </span>
          <span className="en pa-sound-en" lang="en">
            {withLetters(name.en)}: {how.en}
          </span>
        </>
      )}
      <small className="pa-ipa" lang="en" translate="no">
        /{ipa}/ · {example}
      </small>
    </li>
  );
}

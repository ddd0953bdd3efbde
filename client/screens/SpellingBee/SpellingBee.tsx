/**
 * Spelling Bee player (spec screen 10, 'Spelling Bee flow'): each word is spoken with its
 * sentence, the student types it; v or x after trimming (exact, case-sensitive), 'canceled',
 * or 'timeout:{s}s' at 60 s. The class's countdown repeats the word once when it runs out.
 * After each answer the word is corrected (DESIGN, Decisions for the classroom): ✓, or the answer
 * with its wrong letters marked and the word (`elephent → elephant`), also after a timeout or a
 * cancel, for 1.5 s or until Enter, before the next word is spoken. At the end the result is posted and the app returns to /task after about 4 seconds.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { speechSrc } from '../../ui/player/speech';
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link, useLocation } from 'wouter';
import { SPELLING_TIME_LIMIT_SEC, isCorrect } from '../../../server/results/sbarr';
import { useSession } from '../../session';
import { currentTaskId, markTaskOpened } from '../../ui/player/taskId';
import type { Answer } from '../../ui/player/result';
import { useTaskResult } from '../../ui/player/useTaskResult';
import { useWordCards } from '../../ui/player/WordCard';
import { PreviewNote } from '../../ui/player/PreviewNote';
import { ScoreLine } from '../../ui/player/ScoreLine';
import { ChangeBackground, useBackground } from '../../ui/player/Background';
import { SpellingCheck } from '../../ui/player/SpellingCheck';
import { useLeaveGuard } from '../../ui/player/useLeaveGuard';
import { Panel } from '../../ui/Panel';
import { Correction, type Corrected } from '../../ui/player/Correction';
import { Both, joinSaid, say, sayNextTask, sayNotSaved, type Said } from '../../ui/player/said';
import { T, useT } from '../../i18n';
import type { SpellingBeeQuery } from './__generated__/SpellingBeeQuery.graphql';

const RETURN_AFTER_MS = 4000;
/** How long a word's correction shows before the next word, unless Enter comes first. */
const CORRECTION_MS = 1500;

export default function SpellingBee() {
  const taskId = currentTaskId();
  if (!taskId) {
    return (
      <Panel title={<T k="common.spellingBee" />} tone="info">
        <p>
          <T k="players.openSb" />
        </p>
        <Link href="/task">
          <T k="players.goToTasks" />
        </Link>
      </Panel>
    );
  }
  return <Player taskId={taskId} />;
}

/** Opening a task ends the Tasks page's last-task banner. */
function useMarkOpened() {
  useEffect(() => markTaskOpened(), []);
}

type Phase = 'ready' | 'asking' | 'done';

function Player({ taskId }: { taskId: string }) {
  useMarkOpened();
  const data = useRouteQuery<SpellingBeeQuery>(
    graphql`
      query SpellingBeeQuery($taskId: String!) {
        taskContent(taskId: $taskId) {
          label
          taskType
          spellingTimeoutSec
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
  const words = useWordCards(content.words);
  const user = useSession();
  const [, navigate] = useLocation();
  const [background, nextBackground, backgroundIndex] = useBackground();
  const [phase, setPhase] = useState<Phase>('ready');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [typed, setTyped] = useState('');
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [replayed, setReplayed] = useState(false);
  /** The word whose time ran out, while the next one is asked. */
  const [timedOut, setTimedOut] = useState<string | null>(null);
  /** The word's sound did not arrive (the network dropped): said until it plays. */
  const [soundMissing, setSoundMissing] = useState(false);
  const [message, setMessage] = useState<Said | null>(null);
  /** The answers of a finished test whose result did not get through, to send again. */
  const [unsaved, setUnsaved] = useState<Answer[] | null>(null);
  /** The finished test's result reached the server. */
  const [saved, setSaved] = useState(false);
  const [wrong, setWrong] = useState<{ word: string; typed: string }[]>([]);
  /** The word just answered, corrected, until the next word is asked (or, after the last, for good). */
  const [correction, setCorrection] = useState<Corrected | null>(null);
  const correctionTimer = useRef<number | undefined>(undefined);
  const audio = useRef<HTMLAudioElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  const { recordAnswer, postResult } = useTaskResult(content.label);

  const correct = answers.filter((a) => a.status === 'v').length;
  const current = words[index];
  // From (Re)Begin until the result is saved, leaving the page (reload, closing, Back) asks first.
  useLeaveGuard(phase === 'asking' || (phase === 'done' && !saved));

  const play = useCallback((src: string) => {
    const el = audio.current;
    if (!el) return;
    el.src = speechSrc(src);
    setSoundMissing(false);
    el.play().catch(() => {
      // Autoplay refused (no gesture yet): the student presses play on the audio control.
    });
  }, []);

  const ask = useCallback(
    (i: number) => {
      window.clearTimeout(correctionTimer.current);
      setCorrection(null);
      setIndex(i);
      setTyped('');
      setReplayed(false);
      setStartedAt(Date.now());
      setNow(Date.now());
      play(words[i]!.sentenceAudioUrl);
    },
    [play, words],
  );

  useEffect(() => () => window.clearTimeout(correctionTimer.current), []);

  const begin = () => {
    setAnswers([]);
    setTimedOut(null);
    setWrong([]);
    setMessage(null);
    setPhase('asking');
    ask(0);
  };

  const finish = useCallback(
    (all: Answer[]) => {
      setPhase('done');
      audio.current?.pause();
      const { correct: right, total } = postResult(all, (outcome) => {
        const ending = say('players.sbEnd', { correct: outcome.correct, total: outcome.total });
        if (outcome.saved) {
          setSaved(true);
          setWrong(outcome.wrongSpellings);
          const next = outcome.preview ? say('players.previewNotSaved') : outcome.nextTask ? sayNextTask(outcome.nextTask) : null;
          setMessage(joinSaid([ending, next, say('players.backSoon')], '. ', '。'));
          window.setTimeout(() => navigate('/task'), RETURN_AFTER_MS);
        } else {
          setUnsaved(all);
          setMessage(joinSaid([ending, sayNotSaved(outcome.error)], ', ', '，'));
        }
      });
      setUnsaved(null);
      setMessage(joinSaid([say('players.sbEnd', { correct: right, total }), say('players.saving')], ' — ', ' — '));
    },
    [navigate, postResult],
  );

  const answer = useCallback(
    (status: string, text: string) => {
      if (phase !== 'asking' || !current || correction) return;
      const entry = { word: current.text, typed: text, status };
      const all = [...answers, entry];
      setAnswers(all);
      // The word moved on by itself: say why, until the next answer.
      setTimedOut(status.startsWith('timeout') ? current.text : null);
      recordAnswer(all.length, entry);
      window.clearTimeout(correctionTimer.current);
      setCorrection(entry);
      if (all.length === words.length) finish(all);
      else correctionTimer.current = window.setTimeout(() => ask(all.length), CORRECTION_MS);
    },
    [answers, ask, correction, current, finish, phase, recordAnswer, words.length],
  );

  // Each word is typed at once: the box takes the focus when a word is asked (after (Re)Begin too,
  // once the box is enabled; focusing it in the same tick as the phase change would find it disabled).
  // The picture with its countdown comes into view below the fixed top bar (its scroll-margin-top),
  // then the box, should both not fit (a small phone): the box matters most.
  useEffect(() => {
    if (phase !== 'asking') return;
    input.current?.focus({ preventScroll: true });
    frame.current?.scrollIntoView({ block: 'nearest' });
    input.current?.scrollIntoView({ block: 'nearest' });
  }, [phase, startedAt]);

  // The per-word clock: repeat the word when the class countdown runs out; at 60 s it is a timeout.
  useEffect(() => {
    if (phase !== 'asking' || correction) return;
    const tick = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(tick);
  }, [phase, correction]);
  const elapsed = Math.max(0, Math.floor((now - startedAt) / 1000));
  useEffect(() => {
    if (phase !== 'asking' || !current || correction) return;
    if (elapsed >= SPELLING_TIME_LIMIT_SEC) answer(`timeout:${elapsed}s`, typed);
    else if (elapsed >= content.spellingTimeoutSec && !replayed) {
      setReplayed(true);
      play(current.audioUrl);
    }
  }, [answer, content.spellingTimeoutSec, correction, current, elapsed, phase, play, replayed, typed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'asking') return;
    // Enter on a correction asks the next word at once.
    if (correction) {
      ask(answers.length);
      return;
    }
    // An Enter meant for the correction that came just after it ended: the word is still being said.
    if (!typed.trim() && Date.now() - startedAt < 1000) return;
    const seconds = Math.floor((Date.now() - startedAt) / 1000);
    if (seconds >= SPELLING_TIME_LIMIT_SEC) answer(`timeout:${seconds}s`, typed);
    else answer(current && isCorrect(typed, current.text) ? 'v' : 'x', typed);
  };

  const countdown = Math.max(0, content.spellingTimeoutSec - elapsed);
  const { t } = useT();
  const picture = phase === 'asking' && current?.pictureUrl ? current.pictureUrl : '/avatars/default.svg';

  return (
    <section className="player" style={{ background }} aria-label={t('common.spellingBee')}>
      <header className="player-head">
        <h1>
          🐝 <T k="common.spellingBee" />
        </h1>
        <span className="word-count">
          <Both
            said={phase === 'asking' ? say('players.wordOf', { n: index + 1, total: words.length }) : say('players.words', { n: words.length })}
            enProps={{ 'data-testid': 'word-count' }}
          />
        </span>
      </header>
      <PreviewNote />
      <div className="player-body">
        <div className="avatar-frame" ref={frame}>
          <img
            src={picture}
            alt={phase === 'asking' ? t('players.picture') : 'WordBee'}
            className="avatar"
            // A picture the network dropped: the bee (shown before the test, so already loaded) instead of a broken image.
            onError={(e) => {
              if (!e.currentTarget.src.endsWith('/avatars/default.svg')) e.currentTarget.src = '/avatars/default.svg';
            }}
          />
          {phase === 'asking' && !correction && (
            <div
              className={`countdown${countdown <= 3 ? ' low' : ''}`}
              role="timer"
              aria-label={t('players.secondsLeft', { n: countdown })}
              data-testid="countdown"
            >
              {countdown}
            </div>
          )}
        </div>
        <div className="player-controls">
          <audio
            ref={audio}
            controls
            preload="none"
            aria-label={t('players.wordAudio')}
            onError={() => phase === 'asking' && setSoundMissing(true)}
            onPlaying={() => setSoundMissing(false)}
          />
          {phase === 'ready' && (
            <p className="hint">
              <T k="players.sbHello" values={{ name: user?.username ?? '' }} />{' '}
              <button type="button" className="link-button" onClick={() => play(`/wordAudio/beginMsg-${user?.username ?? 'friend'}.mp3`)}>
                ▶ <T k="players.hearWelcome" />
              </button>
            </p>
          )}
          <form onSubmit={submit} className="answer-form">
            <input
              ref={input}
              className="input answer-input"
              name="answer"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={phase === 'asking' ? t(correction ? 'players.enterForNext' : 'players.typeThenEnter') : ''}
              disabled={phase !== 'asking'}
              // While the word is corrected the box keeps the focus (Enter goes on) but takes no letters.
              readOnly={Boolean(correction)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={60}
              aria-label={t('players.yourSpelling')}
              lang="en"
              translate="no"
            />
            {correction && <Correction answer={correction} className="sb-correction" />}
            {/* Right under the box, not below the buttons: on a phone the score and the end stay in view. */}
            <ScoreLine
              text={
                message ??
                (phase === 'asking'
                  ? joinSaid(
                      [
                        soundMissing && say('players.noSound'),
                        timedOut !== null && say('players.timeUp', { word: timedOut }),
                        say('players.score', { correct, total: answers.length }),
                      ],
                      ' · ',
                      ' · ',
                    )
                  : say('players.ready', { n: words.length }))
              }
              unsaved={Boolean(unsaved)}
              onSendAgain={() => unsaved && finish(unsaved)}
            />
            <div className="actions player-actions">
              <button type="submit" className="button primary" disabled={phase !== 'asking'}>
                <T k="players.enter" /> ⏎
              </button>
              <button
                type="button"
                className="button"
                onClick={() => current && play(current.sentenceAudioUrl)}
                disabled={phase !== 'asking' || Boolean(correction)}
              >
                🔊 <T k="players.again" />
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  answer('canceled', typed);
                  // The button is disabled while the word is corrected: the box keeps the keyboard (Enter goes on).
                  input.current?.focus({ preventScroll: true });
                }}
                disabled={phase !== 'asking' || Boolean(correction)}
              >
                <T k="players.cancelWord" />
              </button>
              {/* Before the test it is the one thing to press: highlighted and first in the row (the
                  buttons before it are disabled then, so the keyboard order is the same). */}
              <button
                type="button"
                className={phase === 'ready' ? 'button primary begin-first' : 'button'}
                onClick={begin}
                disabled={phase === 'done' || (phase === 'asking' && index === words.length - 1)}
              >
                <T k="players.begin" />
              </button>
              <ChangeBackground onClick={nextBackground} index={backgroundIndex} />
            </div>
          </form>
          <SpellingCheck pairs={wrong} />
        </div>
      </div>
    </section>
  );
}

/**
 * Flashcard Master player (spec screen 11, 'Flashcard flow'), as recall (DESIGN, Decisions for
 * the classroom): before an answer a card shows the word's picture, or its text side (part of
 * speech, definition, sentences with the word blanked, the number of letters, ▶ to hear it),
 * never the word; the student types the word: Enter gives v (+1) or x, Skip gives 'skipped'.
 * Then the card shows the word, the answer with its wrong letters marked and ✓/✗, until the next
 * Enter, a key typed for the next card, or 2 s. Side flips the card. At the end the result is
 * posted and the app returns to /task after 4 seconds.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { speechSrc } from '../../ui/player/speech';
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link, useLocation } from 'wouter';
import { isCorrect } from '../../../server/results/sbarr';
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
import { blankWord } from '../../ui/player/blankWord';
import { Both, joinSaid, say, sayNextTask, sayNotSaved, type Said } from '../../ui/player/said';
import { T, useT } from '../../i18n';
import type { FlashcardMasterQuery } from './__generated__/FlashcardMasterQuery.graphql';

/** A card of the deck: the task's word cards, or the words of a practice of mistakes. */
export type Card = {
  readonly text: string;
  readonly partOfSpeech: string;
  readonly phonetic: string;
  readonly definition: string;
  readonly sentences: readonly string[];
  readonly pictureUrl: string | null | undefined;
  readonly audioUrl: string;
};
/** Where the answers go: the task's result (useTaskResult), or a practice round. */
export type DeckResult = Pick<ReturnType<typeof useTaskResult>, 'recordAnswer' | 'postResult'>;

const RETURN_AFTER_MS = 4000;
/** How long the card shows the word after an answer, unless Enter or the next answer's first key comes first. */
const REVEAL_MS = 2000;

export default function FlashcardMaster() {
  const taskId = currentTaskId();
  if (!taskId) {
    return (
      <Panel title={<T k="common.flashcardMaster" />} tone="info">
        <p>
          <T k="players.openFm" />
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

function Player({ taskId }: { taskId: string }) {
  useMarkOpened();
  const data = useRouteQuery<FlashcardMasterQuery>(
    graphql`
      query FlashcardMasterQuery($taskId: String!) {
        taskContent(taskId: $taskId) {
          label
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
  const { label } = data.taskContent;
  const words = useWordCards(data.taskContent.words);
  const result = useTaskResult(label);
  return <FlashcardDeck words={words} result={result} returnTo="/task" />;
}

/**
 * The deck as the student plays it: a task's, or a practice round of their mistakes
 * (screens/Mistakes), which posts elsewhere and returns elsewhere.
 */
export function FlashcardDeck({ words, result, returnTo }: { words: readonly Card[]; result: DeckResult; returnTo: string | (() => void) }) {
  const [, navigate] = useLocation();
  const [background, nextBackground, backgroundIndex] = useBackground();
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [typed, setTyped] = useState('');
  const [textSide, setTextSide] = useState(false);
  const [feedback, setFeedback] = useState<Said | null>(null);
  const [endMessage, setEndMessage] = useState<Said>({ zh: '', en: '' });
  /** The answers of a finished task whose result did not get through, to send again. */
  const [unsaved, setUnsaved] = useState<Answer[] | null>(null);
  /** The finished task's result reached the server. */
  const [saved, setSaved] = useState(false);
  const [repeats, setRepeats] = useState(0);
  const [wrong, setWrong] = useState<{ word: string; typed: string }[]>([]);
  /** The card just answered, shown with its word until the next Enter, key or 2 s. */
  const [reveal, setReveal] = useState<(Corrected & { card: Card }) | null>(null);
  const revealTimer = useRef<number | undefined>(undefined);
  const audio = useRef<HTMLAudioElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const statusLine = useRef<HTMLDivElement>(null);
  const { t } = useT();
  const done = answers.length === words.length;
  const card = words[answers.length];
  const correct = answers.filter((a) => a.status === 'v').length;

  const { recordAnswer, postResult } = result;
  // From the first card answered until the result is saved, leaving the page (reload, closing, Back) asks first.
  useLeaveGuard(answers.length > 0 && !saved);
  // Right or wrong is read at once: the line under the box stays in view (a small phone scrolls to it).
  useEffect(() => {
    if (feedback || answers.length > 0) statusLine.current?.scrollIntoView({ block: 'nearest' });
  }, [answers.length, feedback, repeats, endMessage]);

  const finish = useCallback(
    (all: Answer[]) => {
      const { correct: right, total } = postResult(all, (outcome) => {
        const ending = say('players.fmEnd', { correct: outcome.correct, total: outcome.total });
        if (outcome.saved) {
          setSaved(true);
          setWrong(outcome.wrongSpellings);
          if (outcome.preview) setEndMessage(joinSaid([ending, say('players.previewNotSaved'), say('players.autoBack')], '. ', '。'));
          else if (outcome.nextTask) setEndMessage(joinSaid([ending, say('players.autoBack'), sayNextTask(outcome.nextTask)], '. ', '。'));
          window.setTimeout(() => (typeof returnTo === 'string' ? navigate(returnTo) : returnTo()), RETURN_AFTER_MS);
        } else {
          setUnsaved(all);
          const score = say('players.fmScoreOf', { correct: outcome.correct, total: outcome.total });
          setEndMessage(joinSaid([score, sayNotSaved(outcome.error)], ', ', '，'));
        }
      });
      setUnsaved(null);
      setEndMessage(joinSaid([say('players.fmEnd', { correct: right, total }), say('players.autoBack')], '. ', '。'));
    },
    [navigate, postResult, returnTo],
  );

  const endReveal = () => {
    window.clearTimeout(revealTimer.current);
    setReveal(null);
  };
  useEffect(() => () => window.clearTimeout(revealTimer.current), []);

  const record = (status: string) => {
    if (!card) return;
    const entry = { word: card.text, typed, status };
    const all = [...answers, entry];
    setAnswers(all);
    setTyped('');
    setTextSide(false);
    window.clearTimeout(revealTimer.current);
    setReveal({ ...entry, card });
    revealTimer.current = window.setTimeout(() => setReveal(null), REVEAL_MS);
    recordAnswer(all.length, entry);
    input.current?.focus();
    setFeedback(say(status === 'v' ? 'players.fmRight' : status === 'skipped' ? 'players.fmSkipped' : 'players.fmWrong', { word: card.text }));
    if (all.length === words.length) finish(all);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter after the end repeats the score message (spec section 4).
    if (done) {
      setRepeats((n) => n + 1);
      return;
    }
    if (!card) return;
    // Enter on a revealed card goes on to the next one.
    if (reveal && !typed.trim()) {
      endReveal();
      return;
    }
    if (reveal) endReveal();
    if (!typed.trim()) {
      setFeedback(say('players.typeFirst'));
      return;
    }
    record(isCorrect(typed, card.text) ? 'v' : 'x');
  };

  const showText = !card?.pictureUrl || textSide;
  const shown = reveal ? answers.length : answers.length + 1;

  return (
    <section className="player" style={{ background }} aria-label={t('common.flashcardMaster')}>
      <header className="player-head">
        <h1>
          🌟 <T k="common.flashcardMaster" />
        </h1>
        <span className="word-count">
          <Both
            said={done && !reveal ? say('players.cards', { n: words.length }) : say('players.cardOf', { n: shown, total: words.length })}
            enProps={{ 'data-testid': 'word-count' }}
          />
        </span>
      </header>
      <PreviewNote />
      <div className="player-body">
        <div className={`flashcard${showText ? ' text-side' : ''}`} data-testid="card">
          {reveal ? (
            <RevealedCard answer={reveal} />
          ) : done ? (
            <div className="card-done">🎉</div>
          ) : showText ? (
            <CardClues card={card!} onHear={() => void audio.current?.play().catch(() => undefined)} />
          ) : (
            // A picture the network dropped: the card's text side instead of a broken image.
            <img src={card!.pictureUrl!} alt={t('players.whatWord')} className="avatar big" onError={() => setTextSide(true)} />
          )}
        </div>
        <div className="player-controls">
          <audio ref={audio} controls preload="none" src={card?.audioUrl ? speechSrc(card.audioUrl) : undefined} aria-label={t('players.hearWord')} />
          <form onSubmit={submit} className="answer-form">
            <input
              ref={input}
              className="input answer-input"
              name="answer"
              value={typed}
              onChange={(e) => {
                // The first key of the next answer turns to the next card.
                if (reveal) endReveal();
                setTyped(e.target.value);
              }}
              placeholder={t('players.typeWordReturn')}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={60}
              autoFocus
              aria-label={t('players.typeWordReturn')}
              lang="en"
              translate="no"
            />
            {/* Right under the box, not below the buttons: on a phone right or wrong stays in view.
                A new key re-announces the same message when Enter is pressed after the end. */}
            <ScoreLine
              key={repeats}
              lineRef={statusLine}
              text={done ? endMessage : joinSaid([feedback, say('players.fmScore', { correct })], ' · ', ' · ')}
              unsaved={Boolean(unsaved)}
              onSendAgain={() => unsaved && finish(unsaved)}
            />
            <div className="actions player-actions">
              <button type="submit" className="button primary">
                <T k="players.enter" /> ⏎
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setTextSide((s) => !s);
                  input.current?.focus();
                }}
                disabled={done || Boolean(reveal) || !card?.pictureUrl}
                title={t('players.flip')}
              >
                <T k="players.side" /> {showText ? '🖼' : '📝'}
              </button>
              <button type="button" className="button" onClick={() => record('skipped')} disabled={done || Boolean(reveal)}>
                <T k="players.skip" />
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

/** The text side before an answer: every clue but the word (its sentences and definition blanked). */
function CardClues({ card, onHear }: { card: Card; onHear: () => void }) {
  const letters = [...card.text].filter((ch) => ch !== ' ').length;
  return (
    <div className="card-text card-clues" aria-readonly="true">
      <p className="card-letters">
        <span aria-hidden="true">{[...card.text].map((ch) => (ch === ' ' ? '\u00a0' : '_')).join(' ')}</span>
      </p>
      <p className="card-letter-count">
        <T k="players.letters" values={{ n: letters }} />
      </p>
      <p className="card-hear">
        {/* Out of the Tab order: the audio player above the answer box, reached first, plays the same word. */}
        <button type="button" className="button" onClick={onHear} tabIndex={-1}>
          ▶ <T k="players.hearWord" />
        </button>{' '}
        <span className="pos" lang="en" translate="no">
          {card.partOfSpeech}
        </span>
      </p>
      <p className="card-definition" lang="en" translate="no">
        {blankWord(card.definition, card.text)}
      </p>
      <ul className="card-sentences" lang="en" translate="no">
        {card.sentences.map((s) => (
          <li key={s}>{blankWord(s, card.text)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The card after an answer or Skip: the word, with the answer's wrong letters marked and ✓/✗. */
function RevealedCard({ answer }: { answer: Corrected & { card: Card } }) {
  const { card } = answer;
  return (
    <div className="card-reveal" aria-live="polite">
      {card.pictureUrl && <img src={card.pictureUrl} alt="" className="avatar small" />}
      <p className="card-word" lang="en" translate="no">
        {card.text}
      </p>
      {card.phonetic && (
        <p className="card-phonetic" lang="en" translate="no">
          {card.phonetic} <span className="pos">{card.partOfSpeech}</span>
        </p>
      )}
      <Correction answer={answer} />
    </div>
  );
}

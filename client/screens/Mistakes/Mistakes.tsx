/**
 * My mistakes (我的错题本, DESIGN: Decisions for the classroom): every word the student missed
 * and has not yet got right twice since (server/mistakes), each with its picture or definition,
 * how often it was missed, the last wrong spelling and ▶ to hear it; Practise these plays a
 * Flashcard Master round of exactly those words, which updates the student's memory model and
 * is not a task (no result, no report, nothing on the teacher's lists).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link } from 'wouter';
import { T, useT } from '../../i18n';
import { useSession } from '../../session';
import { speechSrc } from '../../ui/player/speech';
import { answerStatusOf, type Answer } from '../../ui/player/result';
import type { Outcome } from '../../ui/player/useTaskResult';
import { FlashcardDeck, type DeckResult } from '../FlashcardMaster/FlashcardMaster';
import { readWordCard } from '../../ui/player/WordCard';
import type { MistakesQuery } from './__generated__/MistakesQuery.graphql';
import type { MistakesPractiseMutation } from './__generated__/MistakesPractiseMutation.graphql';
import './mistakes.css';

export default function Mistakes() {
  const user = useSession();
  if (user?.isTeacher) {
    return (
      <section className="mistakes">
        <h1>
          <T k="nav.mistakes" />
        </h1>
        <p className="hint">
          <T k="mistakes.teacherNone" />
        </p>
      </section>
    );
  }
  return <MistakesList />;
}

function MistakesList() {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useRouteQuery<MistakesQuery>(
    graphql`
      query MistakesQuery {
        myMistakes {
          timesMissed
          lastWrongSpelling
          word {
            ...WordCard_card
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only', fetchKey },
  );
  const { t } = useT();
  const [practising, setPractising] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const list = useMemo(() => data.myMistakes.map((m) => ({ ...m, word: readWordCard(m.word) })), [data.myMistakes]);
  const result = usePracticeResult();
  const hear = (url: string) => {
    const el = audio.current;
    if (!el) return;
    el.src = speechSrc(url);
    void el.play().catch(() => undefined);
  };

  if (practising) {
    return (
      <div className="mistakes-practice">
        <p className="hint">
          <T k="mistakes.practiceNote" />
        </p>
        <FlashcardDeck
          words={list.map((m) => m.word)}
          result={result}
          returnTo={() => {
            setPractising(false);
            setFetchKey((k) => k + 1);
          }}
        />
      </div>
    );
  }

  return (
    <section className="mistakes">
      <h1>
        <T k="nav.mistakes" />
      </h1>
      <p className="hint">
        <T k="mistakes.intro" />
      </p>
      <audio ref={audio} preload="none" />
      {list.length === 0 ? (
        <p className="empty" data-testid="mistakes-empty">
          <T k="mistakes.none" />
        </p>
      ) : (
        <>
          <p className="mistakes-actions">
            <button type="button" className="button primary" onClick={() => setPractising(true)}>
              <T k="mistakes.practise" />
            </button>{' '}
            <span className="muted">
              <T k="mistakes.count" values={{ n: list.length }} />
            </span>
          </p>
          <ul className="mistakes-list" data-testid="mistakes">
            {list.map((m) => (
              <li key={m.word.text} className="mistake">
                {m.word.pictureUrl ? (
                  <img src={m.word.pictureUrl} alt="" className="mistake-picture" />
                ) : (
                  <span className="mistake-picture mistake-no-picture" aria-hidden="true">
                    📖
                  </span>
                )}
                <div className="mistake-body">
                  <p className="mistake-word" lang="en">
                    <strong translate="no">{m.word.text}</strong>{' '}
                    <span className="pos" translate="no">
                      {m.word.partOfSpeech}
                    </span>{' '}
                    <button type="button" className="link-button" onClick={() => hear(m.word.audioUrl)} aria-label={t('mistakes.hear', { word: m.word.text })}>
                      ▶
                    </button>
                  </p>
                  {!m.word.pictureUrl && (
                    <p className="mistake-definition" translate="no">
                      {m.word.definition}
                    </p>
                  )}
                  <p className="mistake-meta">
                    <span>
                      <T k="mistakes.missed" values={{ n: m.timesMissed }} />
                    </span>
                    {' · '}
                    <span>
                      <T k="mistakes.lastWrong" />{' '}
                      {m.lastWrongSpelling ? (
                        <del className="mistake-wrong" translate="no">
                          {m.lastWrongSpelling}
                        </del>
                      ) : (
                        <T k="mistakes.noSpelling" />
                      )}
                    </span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link href="/task">
          <T k="mistakes.backToTasks" />
        </Link>
      </p>
    </section>
  );
}

/** The practice round's answers go to practiseMistakes (the memory model only), reported like a task's result. */
function usePracticeResult(): DeckResult {
  const [commit] = useMutation<MistakesPractiseMutation>(graphql`
    mutation MistakesPractiseMutation($answers: [PracticeAnswerInput!]!) {
      practiseMistakes(answers: $answers) {
        __typename
        ... on PracticePayload {
          correct
          total
        }
        ... on ValidationError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  const recordAnswer = useCallback(() => true, []);
  const postResult = useCallback(
    (answers: Answer[], done: (outcome: Outcome) => void) => {
      const correct = answers.filter((a) => a.status === 'v').length;
      const total = answers.length;
      const wrongSpellings = answers.filter((a) => a.status === 'x').map((a) => ({ word: a.word, typed: a.typed.trim() }));
      commit({
        variables: { answers: answers.map((a) => ({ word: a.word, typed: a.typed, answerStatus: answerStatusOf(a.status).answerStatus })) },
        onCompleted: (r) => {
          const reply = r.practiseMistakes;
          if (reply.__typename === 'PracticePayload') done({ saved: true, correct, total, nextTask: null, wrongSpellings });
          else done({ saved: false, correct, total, error: 'message' in reply && reply.message ? reply.message : 'The practice was not saved' });
        },
        onError: (e) => done({ saved: false, correct, total, error: e.message }),
      });
      return { correct, total };
    },
    [commit],
  );
  return { recordAnswer, postResult } as unknown as DeckResult;
}

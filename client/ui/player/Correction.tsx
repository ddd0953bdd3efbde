/**
 * A player's correction after an answer (DESIGN, Decisions for the classroom): ✓ and the word, or
 * the student's answer with its wrong letters marked, an arrow, and the word with the letters it
 * needed marked (`elephent → elephant`). Timeouts, cancels and skips show the word too. The
 * words are the practice's English (translate="no"); what is said about them is Chinese first.
 */
import { T, type MessageKey } from '../../i18n';
import { letterDiff, MISSING, type Letter } from './letterDiff';
import './player.css';

export type Corrected = { word: string; typed: string; status: string };

function Letters({ letters, tone }: { letters: Letter[]; tone: 'wrong' | 'fixed' }) {
  return (
    <>
      {letters.map((l, i) =>
        l.wrong ? (
          <mark key={i} className={`letter-${tone}`}>
            {l.ch === MISSING && tone === 'wrong' ? '_' : l.ch}
          </mark>
        ) : (
          <span key={i}>{l.ch}</span>
        ),
      )}
    </>
  );
}

/** Why the word moved on without a typed answer. */
function reason(status: string): MessageKey | null {
  if (status === 'skipped') return 'players.skipped';
  if (status === 'canceled') return 'players.canceled';
  if (status.startsWith('timeout')) return 'players.timesUp';
  return null;
}

export function Correction({ answer, className = '' }: { answer: Corrected; className?: string }) {
  const right = answer.status === 'v';
  const diff = letterDiff(answer.typed, answer.word);
  const why = reason(answer.status);
  const typed = answer.typed.trim();
  return (
    <div className={`correction ${right ? 'correction-right' : 'correction-wrong'} ${className}`} data-testid="correction">
      <span className="correction-mark" aria-hidden="true">
        {right ? '✓' : '✗'}
      </span>{' '}
      {right ? (
        <span className="correction-word">
          <span className="visually-hidden">
            <T k="players.right" />:{' '}
          </span>
          <span lang="en" translate="no">
            {answer.word}
          </span>
        </span>
      ) : (
        <>
          {why && (
            <span className="correction-why">
              <T k={why} />:{' '}
            </span>
          )}
          {typed && (
            <>
              <span className="correction-typed">
                <span className="visually-hidden">
                  <T k="players.youTyped" />{' '}
                </span>
                <del lang="en" translate="no">
                  <Letters letters={diff.typed} tone="wrong" />
                </del>
              </span>{' '}
              <span aria-hidden="true">→</span>{' '}
            </>
          )}
          <span className="correction-word">
            <span className="visually-hidden">
              {typed ? ', ' : ''}
              <T k="players.theWordIs" />{' '}
            </span>
            <span lang="en" translate="no">
              {typed ? <Letters letters={diff.word} tone="fixed" /> : answer.word}
            </span>
          </span>
        </>
      )}
    </div>
  );
}

import { useEffect, useRef, type Ref } from 'react';
import { T } from '../../i18n';
import { useLanguage } from '../language';
import type { Said } from './said';

/**
 * A player's status line under the answer box (on a phone the score and the end stay in view),
 * in the error style with a "Send again" button while a finished result has not got through.
 * The Chinese is its first line; the English (the spec's exact text) its own element below, the
 * one tests and the spec read (data-testid="status").
 */
export function ScoreLine({ text, unsaved, onSendAgain, lineRef }: { text: Said; unsaved: boolean; onSendAgain: () => void; lineRef?: Ref<HTMLDivElement> }) {
  const [lang] = useLanguage();
  const sendAgain = useRef<HTMLButtonElement>(null);
  // The task ended with the answer box disabled (Spelling Bee) or the button pressed gone: Send
  // again, the one thing left to do, takes the keyboard's focus.
  useEffect(() => {
    const active = document.activeElement;
    if (unsaved && (!active || active === document.body || (active as HTMLInputElement).disabled)) sendAgain.current?.focus();
  }, [unsaved]);
  return (
    <>
      <div ref={lineRef} className={`status ${unsaved ? 'status-error' : 'status-info'} score-line`} role="status">
        {lang === 'zh' && (
          <span className="zh score-zh" lang="zh-CN">
            {text.zh}
          </span>
        )}
        <span className={lang === 'zh' ? 'en score-en' : 'score-en'} lang="en" data-testid="status">
          {text.en}
        </span>
      </div>
      {unsaved && (
        <button ref={sendAgain} type="button" className="button primary send-again" onClick={onSendAgain}>
          <T k="players.sendAgain" />
        </button>
      )}
    </>
  );
}

import { useEffect, useRef, type Ref } from 'react';

/**
 * A player's status line under the answer box (on a phone the score and the end stay in view),
 * in the error style with a "Send again" button while a finished result has not got through.
 */
export function ScoreLine({ text, unsaved, onSendAgain, lineRef }: { text: string; unsaved: boolean; onSendAgain: () => void; lineRef?: Ref<HTMLParagraphElement> }) {
  const sendAgain = useRef<HTMLButtonElement>(null);
  // The task ended with the answer box disabled (Spelling Bee) or the button pressed gone: Send
  // again, the one thing left to do, takes the keyboard's focus.
  useEffect(() => {
    const active = document.activeElement;
    if (unsaved && (!active || active === document.body || (active as HTMLInputElement).disabled)) sendAgain.current?.focus();
  }, [unsaved]);
  return (
    <>
      <p ref={lineRef} className={`status ${unsaved ? 'status-error' : 'status-info'} score-line`} role="status" data-testid="status">
        {text}
      </p>
      {unsaved && (
        <button ref={sendAgain} type="button" className="button primary send-again" onClick={onSendAgain}>
          Send again
        </button>
      )}
    </>
  );
}

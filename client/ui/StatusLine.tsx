export type Status = { text: string; tone: 'info' | 'error' | 'success' } | null;

/** The status line under a form or table, read out by screen readers when it changes. */
export function StatusLine({ status }: { status: Status }) {
  return (
    <p className={`status${status ? ` status-${status.tone}` : ''}`} role="status" aria-live="polite" data-testid="status">
      {status?.text ?? ''}
    </p>
  );
}

/**
 * The task a player opens: passed in navigation state from the task list (spec section 6),
 * remembered in session storage so a reload keeps it.
 */
export function currentTaskId(): string | null {
  const fromState = (history.state as { taskId?: unknown } | null)?.taskId;
  if (typeof fromState === 'string' && fromState) {
    sessionStorage.setItem('taskId', fromState);
    return fromState;
  }
  return sessionStorage.getItem('taskId');
}

/** The PA task the Record screen records for: a PA task id from navigation, else free practice ('0'). */
export function recordTaskId(): string {
  const id = currentTaskId();
  return id && /-PA-[^-]+$/.test(id) ? id : '0';
}

const OPENED_AT = 'taskOpenedAt';

/** A player opened a task now: the Tasks page's last-task banner has done its job. */
export function markTaskOpened(): void {
  sessionStorage.setItem(OPENED_AT, String(Date.now()));
}

/** Whether a task was opened after this moment (in this tab's session). */
export function taskOpenedSince(moment: Date): boolean {
  return Number(sessionStorage.getItem(OPENED_AT) ?? 0) > moment.getTime();
}

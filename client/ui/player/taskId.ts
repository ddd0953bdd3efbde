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

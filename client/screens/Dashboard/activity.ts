/**
 * The live class view's store of events: what each student did, kept per student, so that a
 * batch of events re-renders only the cards of the students in it. A class of 50 answering
 * together sends 20–40 events a second, and opening the view replays the day's thousands: one
 * list of everything, rebuilt and regrouped for every event, fell behind the class.
 */

/** What an event carries that the store needs. */
export type ActivityEvent = { eventId: string; kind: string; student: string };

export type Activity<E extends ActivityEvent> = {
  /** Ids already shown: a reconnect replays what happened since the start. */
  readonly seen: ReadonlySet<string>;
  /** Per student (lower-case name), their events in arrival order. */
  readonly byStudent: ReadonlyMap<string, readonly E[]>;
  /** Students who finished a book's last unit, in arrival order. */
  readonly booksFinished: readonly E[];
  /** Events kept in all. */
  readonly count: number;
};

export function emptyActivity<E extends ActivityEvent>(): Activity<E> {
  return { seen: new Set(), byStudent: new Map(), booksFinished: [], count: 0 };
}

/**
 * The store with a batch of events added (duplicates dropped). Students without a new event
 * keep the very same list, so their cards (memoised on it) are not rendered again; with nothing
 * new the store itself is returned unchanged.
 */
export function addEvents<E extends ActivityEvent>(activity: Activity<E>, batch: readonly E[]): Activity<E> {
  const inBatch = new Set<string>();
  const fresh = batch.filter((e) => !activity.seen.has(e.eventId) && !inBatch.has(e.eventId) && Boolean(inBatch.add(e.eventId)));
  if (fresh.length === 0) return activity;
  const seen = new Set(activity.seen);
  const byStudent = new Map(activity.byStudent);
  const added = new Map<string, E[]>();
  for (const e of fresh) {
    seen.add(e.eventId);
    const key = e.student.toLowerCase();
    let list = added.get(key);
    if (!list) added.set(key, (list = [...(byStudent.get(key) ?? [])]));
    list.push(e);
  }
  for (const [key, list] of added) byStudent.set(key, list);
  const finished = fresh.filter((e) => e.kind === 'bookFinished');
  return {
    seen,
    byStudent,
    booksFinished: finished.length ? [...activity.booksFinished, ...finished] : activity.booksFinished,
    count: activity.count + fresh.length,
  };
}

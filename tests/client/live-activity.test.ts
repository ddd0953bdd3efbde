import { describe, expect, it } from 'vitest';
import { addEvents, emptyActivity } from '../../client/screens/Dashboard/activity.ts';

const answer = (student: string, n: number) => ({ eventId: `answer:${student}:${n}`, kind: 'answer', student });

describe("the live view's store of a class's events", () => {
  it("keeps an untouched student's list as it was, so only the cards of students who answered are drawn again", () => {
    const roster = Array.from({ length: 50 }, (_, i) => `Student${String(i + 1).padStart(2, '0')}`);
    const before = addEvents(
      emptyActivity(),
      roster.flatMap((s) => [answer(s, 1), answer(s, 2)]),
    );
    const after = addEvents(before, [answer('Student07', 3), answer('student07', 4), answer('Student42', 3)]);
    expect(after.byStudent.get('student07')?.map((e) => e.eventId)).toEqual([
      'answer:Student07:1',
      'answer:Student07:2',
      'answer:Student07:3',
      'answer:student07:4',
    ]);
    const redrawn = roster.filter((s) => after.byStudent.get(s.toLowerCase()) !== before.byStudent.get(s.toLowerCase()));
    expect(redrawn).toEqual(['Student07', 'Student42']);
    expect(after.count).toBe(103);
  });

  it('shows nothing twice when a reconnect replays the day, and changes nothing when all of it was shown', () => {
    const day = [answer('Anna', 1), answer('Anna', 2), { eventId: 'bookFinished:9', kind: 'bookFinished', student: 'Anna' }];
    const shown = addEvents(emptyActivity(), [...day, day[0]!]);
    expect(shown.byStudent.get('anna')).toHaveLength(3);
    expect(shown.booksFinished.map((e) => e.eventId)).toEqual(['bookFinished:9']);
    expect(addEvents(shown, day)).toBe(shown);
  });

  it('takes a replay of thousands of events in one batch without slowing to a crawl', () => {
    const replay = Array.from({ length: 20_000 }, (_, i) => answer(`Student${i % 50}`, i));
    const store = addEvents(emptyActivity(), replay);
    expect(store.count).toBe(20_000);
    expect(store.byStudent.size).toBe(50);
  });
});

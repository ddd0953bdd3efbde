import { describe, expect, it } from 'vitest';
import { dayBefore, localDay, localDayBounds, localHour, localMinute } from '../../server/time.ts';

describe("the school's local time", () => {
  it('reads days and hours in the zone, not in UTC', () => {
    const evening = new Date('2026-11-25T13:30:00Z');
    expect(localDay(evening, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(localHour(evening, 'Asia/Shanghai')).toBe(21);
    expect(localDay(new Date('2026-11-25T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-26');
    expect(localMinute(evening, 'America/New_York')).toBe('2026-11-25 08:30 (UTC-05:00)');
  });

  it('gives the instants a local day begins and ends, on days the clocks change too', () => {
    expect(localDayBounds('2026-11-25', 'Asia/Shanghai')).toEqual({ start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-25T16:00:00Z') });
    expect(localDayBounds('2026-11-25', 'UTC')).toEqual({ start: new Date('2026-11-25T00:00:00Z'), end: new Date('2026-11-26T00:00:00Z') });
    // New York springs forward on 2026-03-08 (a 23-hour day) and falls back on 2026-11-01 (25 hours).
    expect(localDayBounds('2026-03-08', 'America/New_York')).toEqual({ start: new Date('2026-03-08T05:00:00Z'), end: new Date('2026-03-09T04:00:00Z') });
    expect(localDayBounds('2026-11-01', 'America/New_York')).toEqual({ start: new Date('2026-11-01T04:00:00Z'), end: new Date('2026-11-02T05:00:00Z') });
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});

import { describe, expect, it } from 'vitest';
import { unitsMatching } from '../../client/screens/Textbooks/unitSearch.ts';

const national = [
  { unitId: 'ES1', title: 'greetings and people (1)' },
  { unitId: 'ES12', title: 'animals (1)' },
  { unitId: 'MS1', title: 'greetings and people (1)' },
  { unitId: 'MS4', title: 'family and friends (1)' },
  { unitId: 'MS12', title: 'animals (1)' },
  { unitId: 'MS112', title: 'school and study (3)' },
  { unitId: 'HSM50', title: 'animals' },
];
const numbered = Array.from({ length: 200 }, (_, i) => ({ unitId: String(i + 1), title: `第${i + 1}课 Lesson ${i + 1}` }));
const ids = (units: readonly { unitId: string }[]) => units.map((u) => u.unitId);

describe('finding a unit in a long book', () => {
  it('finds units by words of their id or title, case aside, every word typed counting', () => {
    expect(ids(unitsMatching(national, 'Animals'))).toEqual(['ES12', 'MS12', 'HSM50']);
    expect(ids(unitsMatching(national, 'animals ms'))).toEqual(['MS12']);
    expect(ids(unitsMatching(national, 'ms11'))).toEqual(['MS112']);
    expect(ids(unitsMatching(numbered, '第57课'))).toEqual(['57']);
    expect(unitsMatching(national, 'zebra')).toEqual([]);
  });

  it("takes a number for the start of a unit's number, not for any digit of its title", () => {
    expect(ids(unitsMatching(national, 'ms 1'))).toEqual(['MS1', 'MS12', 'MS112']);
    expect(ids(unitsMatching(national, 'ms 12'))).toEqual(['MS12']);
    expect(ids(unitsMatching(numbered, '16'))).toEqual(['16', ...Array.from({ length: 10 }, (_, i) => String(160 + i))]);
  });

  it('puts the unit whose id is exactly what was typed first, and keeps the book order otherwise', () => {
    const lessons = [
      { unitId: '120', title: 'a' },
      { unitId: '12', title: 'b' },
      { unitId: '121', title: 'c' },
    ];
    expect(ids(unitsMatching(lessons, '12'))).toEqual(['12', '120', '121']);
    expect(ids(unitsMatching(national, 'MS 12'))).toEqual(['MS12']);
  });

  it('shows the whole book when nothing is typed', () => {
    expect(unitsMatching(national, '  ')).toBe(national);
  });
});

/**
 * Finding a unit in a long book (the National standards book has 210, an imported one up to 200).
 * Every word typed must match, case aside: a number the start of a number in the unit's id ("ms 1"
 * finds MS1 and MS10–MS19, not "animals (1)"), anything else a part of its id or its title
 * ("animals", "ms12", "第三单元"). A unit whose id is exactly what was typed comes first.
 */
export type SearchableUnit = { unitId: string; title: string };

export function unitsMatching<U extends SearchableUnit>(units: readonly U[], search: string): readonly U[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return units;
  const found = units.filter((unit) => {
    const text = `${unit.unitId} ${unit.title}`.toLowerCase();
    const numbers = unit.unitId.match(/\d+/g) ?? [];
    return words.every((word) => (/^\d+$/.test(word) ? numbers.some((n) => n.startsWith(word)) : text.includes(word)));
  });
  const exactId = words.join('');
  const exact = found.findIndex((unit) => unit.unitId.toLowerCase() === exactId);
  return exact > 0 ? [found[exact]!, ...found.slice(0, exact), ...found.slice(exact + 1)] : found;
}

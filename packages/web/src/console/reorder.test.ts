import { describe, expect, it } from 'vitest';
import { moveItem, nextSort, sortChanges } from './reorder';

const links = [
  { id: 1, sort: 10 },
  { id: 2, sort: 20 },
  { id: 3, sort: 30 },
];

describe('reorder', () => {
  it('moves one item up or down and ignores moves out of range', () => {
    expect(moveItem(links, 2, 1).map((l) => l.id)).toEqual([1, 3, 2]);
    expect(moveItem(links, 0, 2).map((l) => l.id)).toEqual([2, 3, 1]);
    expect(moveItem(links, 0, -1).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(moveItem(links, 5, 0).map((l) => l.id)).toEqual([1, 2, 3]);
  });
  it('renumbers in steps of ten and reports only the changed links', () => {
    const moved = moveItem(links, 2, 1);
    expect(sortChanges(moved).map(({ item, sort }) => [item.id, sort])).toEqual([
      [3, 20],
      [2, 30],
    ]);
    expect(sortChanges(links)).toEqual([]);
    // seeded links may share a number: they get distinct ones
    expect(
      sortChanges([
        { id: 9, sort: 0 },
        { id: 8, sort: 0 },
      ]).map((c) => c.sort),
    ).toEqual([10, 20]);
  });
  it('puts a new link after the last one', () => {
    expect(nextSort(links)).toBe(40);
    expect(nextSort([])).toBe(10);
  });
});

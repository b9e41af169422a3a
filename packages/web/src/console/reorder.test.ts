import { describe, expect, it } from 'vitest';
import { moveItem, nextSort } from './reorder';

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
  it('puts a new link after the last one', () => {
    expect(nextSort(links)).toBe(40);
    expect(nextSort([])).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import { clampIndex, indexAfterDrag, nextIndex, prevIndex, trackTransform } from './swiperLogic';

describe('swiper index logic', () => {
  it('wraps forwards and backwards', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(prevIndex(0, 3)).toBe(2);
    expect(prevIndex(1, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
  });
  it('keeps the index in range when slides go away', () => {
    expect(clampIndex(4, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
  it('moves one slide only past the drag threshold', () => {
    expect(indexAfterDrag(1, 3, -50, 400)).toBe(1);
    expect(indexAfterDrag(1, 3, -100, 400)).toBe(2);
    expect(indexAfterDrag(1, 3, 100, 400)).toBe(0);
    expect(indexAfterDrag(2, 3, -100, 400)).toBe(0);
    expect(indexAfterDrag(0, 1, -300, 400)).toBe(0);
  });
  it('mirrors drags in right-to-left layouts', () => {
    expect(indexAfterDrag(1, 3, 100, 400, true)).toBe(2);
    expect(indexAfterDrag(1, 3, -100, 400, true)).toBe(0);
  });
  it('moves the track by whole slides plus the drag', () => {
    expect(trackTransform(2, 0)).toBe('translateX(-200%)');
    expect(trackTransform(1, -40)).toBe('translateX(calc(-100% + -40px))');
    expect(trackTransform(1, 40, true)).toBe('translateX(calc(100% + 40px))');
    expect(trackTransform(0, 0, true)).toBe('translateX(0%)');
  });
});

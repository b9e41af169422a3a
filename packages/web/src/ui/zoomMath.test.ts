import { describe, expect, it } from 'vitest';
import { ZOOM_RESET, clampScale, zoomAt } from './zoomMath';

const image = { width: 400, height: 300 };
const view = { width: 400, height: 800 };

describe('image preview zoom', () => {
  it('stays within 1 to 4', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(9)).toBe(4);
    expect(zoomAt(ZOOM_RESET, 10, { x: 0, y: 0 }, image, view).scale).toBe(4);
  });
  it('keeps the point under the finger still, within the pan limits', () => {
    const z = zoomAt(ZOOM_RESET, 2, { x: 100, y: 0 }, image, view);
    expect(z).toEqual({ scale: 2, x: -100, y: 0 });
    // a far point would push the image past its edge: clamped
    const far = zoomAt(ZOOM_RESET, 2, { x: 1000, y: 0 }, image, view);
    expect(far.x).toBe(-200);
    // back to 1 recentres
    expect(zoomAt(z, 1, { x: 0, y: 0 }, image, view)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

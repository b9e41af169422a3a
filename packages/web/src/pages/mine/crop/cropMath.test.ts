import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, clampOffset, cropRect, scaleOf, zoomAround } from './cropMath';

const wide = { width: 1200, height: 800 };

describe('cropRect', () => {
  it('at zoom 1 and no offset takes the centred square of the shorter side', () => {
    expect(cropRect(wide, 300, 1, { x: 0, y: 0 })).toEqual({ x: 200, y: 0, size: 800 });
  });
  it('zoom 2 takes half the side around the centre', () => {
    expect(cropRect(wide, 300, 2, { x: 0, y: 0 })).toEqual({ x: 400, y: 200, size: 400 });
  });
  it('moving the picture right shows more of its left; never past an edge', () => {
    // scale 300/800 = 0.375 screen px per picture px: 75 px right is 200 picture px left
    expect(cropRect(wide, 300, 1, { x: 75, y: 0 })).toEqual({ x: 0, y: 0, size: 800 });
    expect(cropRect(wide, 300, 1, { x: 9999, y: 9999 })).toEqual({ x: 0, y: 0, size: 800 });
    expect(cropRect(wide, 300, 1, { x: -9999, y: 0 })).toEqual({ x: 400, y: 0, size: 800 });
  });
  it('is always a square inside the picture', () => {
    for (const zoom of [1, 1.7, 3, MAX_ZOOM, 10]) {
      for (const offset of [
        { x: 40, y: -30 },
        { x: -500, y: 500 },
      ]) {
        const r = cropRect({ width: 640, height: 1136 }, 280, zoom, offset);
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.x + r.size).toBeLessThanOrEqual(640 + 1e-9);
        expect(r.y + r.size).toBeLessThanOrEqual(1136 + 1e-9);
      }
    }
  });
});

describe('clampOffset and zoomAround', () => {
  it('a picture as wide as the viewport cannot move sideways', () => {
    expect(clampOffset(wide, 300, 1, { x: 10, y: 10 })).toEqual({ x: 10, y: 0 });
  });
  it('zooming around a point keeps it in place, within the limits', () => {
    const r = zoomAround(wide, 300, 1, { x: 0, y: 0 }, 2, { x: 50, y: 0 });
    expect(r.zoom).toBe(2);
    expect(r.offset).toEqual({ x: -50, y: 0 });
    // screen point 50 showed picture x = 600 + 50/0.375; it still does at the new scale
    const s = scaleOf(wide, 300, 2);
    expect(600 + (50 - r.offset.x) / s).toBeCloseTo(600 + 50 / 0.375);
    expect(zoomAround(wide, 300, 2, { x: 0, y: 0 }, 99, { x: 0, y: 0 }).zoom).toBe(MAX_ZOOM);
    expect(zoomAround(wide, 300, 2, { x: 0, y: 0 }, 0.2, { x: 0, y: 0 }).zoom).toBe(1);
  });
});

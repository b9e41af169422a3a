/** Index arithmetic of the banner swiper (spec §9: 5,000 ms interval, 500 ms transition). Pure. */
export const SWIPER_INTERVAL_MS = 5_000;
export const SWIPER_DURATION_MS = 500;
/** A drag further than this share of the width moves one slide. */
export const SWIPE_THRESHOLD = 0.2;

/** The slide after `index`, wrapping to the first. */
export function nextIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** The slide before `index`, wrapping to the last. */
export function prevIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index - 1 + count) % count;
}

/** An index kept in range when the list shrinks (a featured link was removed). */
export function clampIndex(index: number, count: number): number {
  return count <= 0 ? 0 : Math.min(Math.max(index, 0), count - 1);
}

/**
 * Where a drag of `dx` pixels (positive = finger moved right) over a `width`-wide
 * swiper lands. In right-to-left layouts the next slide lies to the left.
 */
export function indexAfterDrag(index: number, count: number, dx: number, width: number, rtl = false): number {
  if (count <= 1 || width <= 0 || Math.abs(dx) < width * SWIPE_THRESHOLD) return index;
  const towardsNext = rtl ? dx > 0 : dx < 0;
  return towardsNext ? nextIndex(index, count) : prevIndex(index, count);
}

/** The track's transform for slide `index` plus a live drag of `dragPx` pixels. */
export function trackTransform(index: number, dragPx: number, rtl = false): string {
  const slides = rtl ? index * 100 : -index * 100;
  return dragPx ? `translateX(calc(${slides}% + ${dragPx}px))` : `translateX(${slides}%)`;
}

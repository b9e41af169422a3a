import { describe, expect, it } from 'vitest';
import { FLAT, WAVEFORM_BARS, fitBars, seekFraction, waveformOf } from './waveform';

const tone = (length: number, amp: (i: number) => number) =>
  Float32Array.from({ length }, (_, i) => amp(i) * Math.sin(i / 3));

describe('waveformOf', () => {
  it('gives 48 bars of 0..31, the loudest slice at 31', () => {
    const w = waveformOf(tone(48_000, (i) => (i < 24_000 ? 0.1 : 0.8)));
    expect(w).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...w)).toBe(31);
    expect(w.every((v) => Number.isInteger(v) && v >= 0 && v <= 31)).toBe(true);
    // the quiet first half is lower than the loud second half
    expect(w[0]!).toBeLessThan(w[47]!);
    expect(w[0]!).toBeGreaterThan(0);
  });
  it('is all zeros for silence and empty for nothing', () => {
    expect(waveformOf(new Float32Array(1000))).toEqual(Array.from({ length: 48 }, () => 0));
    expect(waveformOf(new Float32Array(0))).toEqual([]);
  });
  it('never has more bars than samples or than the wire allows', () => {
    expect(waveformOf(Float32Array.from([0.5, -0.5, 0.25]))).toHaveLength(3);
    expect(
      waveformOf(
        tone(10_000, () => 1),
        100,
      ),
    ).toHaveLength(64);
  });
});

describe('fitBars', () => {
  it('takes the loudest of the bars each shown bar covers', () => {
    expect(fitBars([1, 9, 2, 3, 30, 4], 3)).toEqual([9, 3, 30]);
  });
  it('repeats bars when the bubble holds more than were sent', () => {
    expect(fitBars([5, 10], 4)).toEqual([5, 5, 10, 10]);
  });
  it('draws a flat line for a message without a waveform', () => {
    expect(fitBars(undefined, 3)).toEqual([FLAT, FLAT, FLAT]);
    expect(fitBars([], 0)).toEqual([]);
  });
});

describe('seekFraction', () => {
  it('runs from the reading start: left in LTR, right in RTL, clamped', () => {
    expect(seekFraction(150, 100, 200, false)).toBe(0.25);
    expect(seekFraction(150, 100, 200, true)).toBe(0.75);
    expect(seekFraction(50, 100, 200, false)).toBe(0);
    expect(seekFraction(500, 100, 200, false)).toBe(1);
  });
});

/**
 * A voice message's waveform (issue 22 point 8): loudness bars computed by the recorder
 * from the decoded PCM and sent in the AUDIO content (0..31 each, at most 64), then
 * fitted to the bubble's width. Pure, tested under node.
 */
import { Limits } from '@parley/protocol';

/** Bars a recording is summarised into. */
export const WAVEFORM_BARS = 48;
const TOP = Limits.WAVEFORM_LEVEL_MAX;

/**
 * RMS loudness of `bars` equal slices of `samples`, scaled so the loudest slice is 31;
 * a square root spreads quiet speech over the range as the ear hears it. Silence is all
 * zeros; a clip shorter than `bars` samples gets one bar per sample.
 */
export function waveformOf(samples: Float32Array, bars: number = WAVEFORM_BARS): number[] {
  const count = Math.max(0, Math.min(bars, Limits.WAVEFORM_BARS_MAX, samples.length));
  if (count === 0) return [];
  const rms: number[] = [];
  for (let b = 0; b < count; b++) {
    const from = Math.floor((b * samples.length) / count);
    const to = Math.floor(((b + 1) * samples.length) / count);
    let sum = 0;
    for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
    rms.push(Math.sqrt(sum / Math.max(1, to - from)));
  }
  const peak = Math.max(...rms);
  if (!(peak > 1e-4)) return rms.map(() => 0);
  return rms.map((v) => Math.round(Math.sqrt(v / peak) * TOP));
}

/** `waveform` resampled to `count` bars (the maximum of the bars each one covers); flat without one. */
export function fitBars(waveform: readonly number[] | undefined, count: number): number[] {
  if (count <= 0) return [];
  if (!waveform?.length) return Array.from({ length: count }, () => FLAT);
  return Array.from({ length: count }, (_, i) => {
    const from = Math.floor((i * waveform.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * waveform.length) / count));
    return Math.max(...waveform.slice(from, to));
  });
}

/** The level of an old message's bars (sent before waveforms): a low, even line. */
export const FLAT = 4;

/** Where a tap on the bars seeks to: 0..1 from the start of reading direction. */
export function seekFraction(x: number, left: number, width: number, rtl: boolean): number {
  if (!(width > 0)) return 0;
  const f = Math.min(1, Math.max(0, (x - left) / width));
  return rtl ? 1 - f : f;
}

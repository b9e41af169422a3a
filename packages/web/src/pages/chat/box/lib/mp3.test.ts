import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3';
import { encoderRate, floatTo16, mixToMono, resample } from './pcm';

function sine(seconds: number, rate: number, freq = 440): Float32Array {
  const pcm = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.5 * Math.sin((2 * Math.PI * freq * i) / rate);
  return pcm;
}

const startsWithFrameSync = (b: Uint8Array) => b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0;
const startsWithId3 = (b: Uint8Array) => b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33;

// The encoder is plain JavaScript and CPU-bound: short clips, and room for a busy machine.
describe('encodeMp3', { timeout: 30_000 }, () => {
  it('encodes a 1 s sine at 48 kHz into MPEG frames of plausible size', () => {
    const bytes = encodeMp3(sine(1, 48_000), { sampleRate: 48_000, kbps: 64 });
    expect(startsWithFrameSync(bytes) || startsWithId3(bytes)).toBe(true);
    // 64 kbps × 1 s = 8 000 bytes, give or take padding and the last frame
    expect(bytes.length).toBeGreaterThan(7_000);
    expect(bytes.length).toBeLessThan(10_000);
  });

  it('encodes 44.1 kHz and resamples unsupported capture rates', () => {
    const a = encodeMp3(sine(0.5, 44_100), { sampleRate: 44_100, kbps: 96 });
    expect(startsWithFrameSync(a)).toBe(true);
    expect(a.length).toBeGreaterThan(5_000);
    const b = encodeMp3(sine(0.5, 96_000), { sampleRate: 96_000 });
    expect(startsWithFrameSync(b)).toBe(true);
    expect(b.length).toBeGreaterThan(3_000);
  });
});

describe('pcm helpers', () => {
  it('clips to 16 bit', () => {
    expect([...floatTo16(new Float32Array([0, 1, -1, 2, -2]))]).toEqual([0, 32767, -32768, 32767, -32768]);
  });
  it('picks a supported rate', () => {
    expect(encoderRate(48_000)).toBe(48_000);
    expect(encoderRate(96_000)).toBe(48_000);
    expect(encoderRate(44_100)).toBe(44_100);
    expect(encoderRate(45_000)).toBe(44_100);
  });
  it('resamples by the ratio', () => {
    expect(resample(new Float32Array(960), 96_000, 48_000).length).toBe(480);
  });
  it('mixes to mono', () => {
    expect([...mixToMono([new Float32Array([1, 0]), new Float32Array([0, 1])])]).toEqual([0.5, 0.5]);
  });
});

/** PCM helpers of the voice recorder: pure, light (no encoder), tested under node. */

/** Rates the MP3 encoder accepts (MPEG-1/2 Layer III). */
const SUPPORTED_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

/** Float [-1, 1] to signed 16-bit, clipped. */
export function floatTo16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Linear resampling to a rate the encoder accepts (e.g. 96 kHz capture → 48 kHz). */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input;
  const ratio = from / to;
  const length = Math.floor(input.length / ratio);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const pos = i * ratio;
    const j = Math.floor(pos);
    const frac = pos - j;
    const a = input[j] ?? 0;
    const b = input[j + 1] ?? a;
    out[i] = a + (b - a) * frac;
  }
  return out;
}

/** The closest supported rate at or below `rate` (48 kHz at most). */
export function encoderRate(rate: number): number {
  let best = SUPPORTED_RATES[0]!;
  for (const r of SUPPORTED_RATES) if (r <= rate) best = r;
  return best;
}

/** Mix channels of a decoded buffer down to mono. */
export function mixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const c of channels) for (let i = 0; i < length; i++) out[i]! += c[i]! / channels.length;
  return out;
}

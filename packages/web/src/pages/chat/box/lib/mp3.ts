/**
 * MP3 encoding of recorded voice (issue 4: "encoded as real MP3 so every browser
 * plays them"). Pure: takes mono float PCM, returns MPEG-1/2 Layer III frames.
 * Runs in the browser and under node tests.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { encoderRate, floatTo16, resample } from './pcm';

/** Samples per call to the encoder; a multiple of the 1152-sample frame. */
const CHUNK = 1152 * 10;

export interface Mp3Options {
  sampleRate: number;
  /** Bit rate in kbps; voice stays clear at 64. */
  kbps?: number;
}

/** Encode mono PCM to MP3 bytes. */
export function encodeMp3(pcm: Float32Array, { sampleRate, kbps = 64 }: Mp3Options): Uint8Array {
  const rate = encoderRate(sampleRate);
  const samples = floatTo16(resample(pcm, sampleRate, rate));
  const encoder = new Mp3Encoder(1, rate, kbps);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += CHUNK) {
    const out = encoder.encodeBuffer(samples.subarray(i, i + CHUNK));
    if (out.length) parts.push(out.slice());
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(tail.slice());
  const total = parts.reduce((n, p) => n + p.length, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    bytes.set(p, offset);
    offset += p.length;
  }
  return bytes;
}

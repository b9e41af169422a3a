/** Encodes recorded PCM to MP3 off the main thread. */
import { encodeMp3 } from './mp3';

interface EncodeRequest {
  pcm: Float32Array;
  sampleRate: number;
  kbps: number;
}

self.onmessage = (e: MessageEvent<EncodeRequest>) => {
  try {
    const bytes = encodeMp3(e.data.pcm, { sampleRate: e.data.sampleRate, kbps: e.data.kbps });
    self.postMessage({ ok: true, bytes }, { transfer: [bytes.buffer] });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};

/**
 * The voice recorder (spec §5): secure origin and support checks, microphone
 * capture with MediaRecorder, then decode and re-encode to MP3 so every
 * browser plays the result (Safari records AAC, Chrome and Firefox Opus).
 */
import { askMedia, explainDenied } from '../../../../media/mediaPermission';
import { mixToMono } from './pcm';
import { waveformOf } from './waveform';

/** `declined`: the microphone was not allowed, and the permission sheet already said why. */
export type RecordingProblem = 'needsHttps' | 'unsupported' | 'declined' | 'failed';

/** Locale keys of the toasts (spec §8). */
export const PROBLEM_TEXT_KEY: Record<RecordingProblem, string> = {
  needsHttps: 'errors.recordingNeedsHttps',
  unsupported: 'errors.recordingUnsupported',
  declined: '',
  failed: 'errors.recordingFailed',
};

export class RecordingError extends Error {
  constructor(readonly problem: RecordingProblem) {
    super(problem);
  }
}

export const MIN_RECORDING_MS = 1000;
/** Recordings stop on their own after a minute. */
export const MAX_RECORDING_MS = 60_000;
const KBPS = 64;
const DECODE_RATE = 48_000;

export function recordingProblem(): RecordingProblem | null {
  if (!window.isSecureContext) return 'needsHttps';
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return 'unsupported';
  if (typeof OfflineAudioContext === 'undefined') return 'unsupported';
  return null;
}

export interface Recording {
  /** Stop and return what was recorded. */
  stop(): Promise<Blob>;
  /** Stop and drop it. */
  cancel(): void;
}

export async function startRecording(): Promise<Recording> {
  const problem = recordingProblem();
  if (problem) throw new RecordingError(problem);
  // Why first (spec §6); a refusal already explained itself, so no toast follows.
  if (!(await askMedia('voice'))) throw new RecordingError('declined');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== 'NotAllowedError' && name !== 'SecurityError') throw new RecordingError('failed');
    await explainDenied('voice');
    throw new RecordingError('declined');
  }
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream);
    recorder.start(250);
  } catch {
    release();
    throw new RecordingError('failed');
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  return {
    stop: () =>
      new Promise<Blob>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: recorder.mimeType }));
        };
        recorder.onerror = () => {
          release();
          reject(new RecordingError('failed'));
        };
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.ondataavailable = null;
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

/** Encode in a worker; where workers fail, on this thread. */
function encode(pcm: Float32Array, sampleRate: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    let worker: Worker;
    // the encoder (~150 kB) loads only here, or in the worker
    const fallback = () =>
      void import('./mp3').then(({ encodeMp3 }) => resolve(encodeMp3(pcm, { sampleRate, kbps: KBPS })));
    try {
      worker = new Worker(new URL('./mp3.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      fallback();
      return;
    }
    worker.onmessage = (e: MessageEvent<{ ok: boolean; bytes?: Uint8Array }>) => {
      worker.terminate();
      if (e.data.ok && e.data.bytes) resolve(e.data.bytes);
      else fallback();
    };
    worker.onerror = () => {
      worker.terminate();
      fallback();
    };
    worker.postMessage({ pcm, sampleRate, kbps: KBPS });
  });
}

export interface VoiceClip {
  blob: Blob;
  durationSec: number;
  /** Loudness bars sent with the message (issue 22 point 8). */
  waveform: number[];
}

/** Recorded media → MP3; null for an empty recording (nothing captured). */
export async function toMp3(recorded: Blob): Promise<VoiceClip | null> {
  if (recorded.size === 0) return null;
  let buffer: AudioBuffer;
  try {
    const ctx = new OfflineAudioContext(1, 1, DECODE_RATE);
    buffer = await ctx.decodeAudioData(await recorded.arrayBuffer());
  } catch {
    throw new RecordingError('failed');
  }
  if (buffer.length === 0) return null;
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  const mono = mixToMono(channels);
  const waveform = waveformOf(mono);
  const bytes = await encode(mono, buffer.sampleRate);
  if (bytes.length === 0) return null;
  return { blob: new Blob([bytes as BlobPart], { type: 'audio/mpeg' }), durationSec: buffer.duration, waveform };
}

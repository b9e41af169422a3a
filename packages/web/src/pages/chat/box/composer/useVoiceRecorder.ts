/**
 * The voice recorder's states (spec §4: start, stop with upload, close): checks,
 * elapsed time, auto-stop after a minute, too short and empty recordings dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../../i18n';
import { showToast } from '../../../../ui/toast';
import {
  MAX_RECORDING_MS,
  MIN_RECORDING_MS,
  PROBLEM_TEXT_KEY,
  RecordingError,
  startRecording,
  toMp3,
  type Recording,
  type VoiceClip,
} from '../lib/recorder';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'encoding';

function toastProblem(err: unknown) {
  if (err instanceof RecordingError && err.problem === 'declined') return; // its sheet said why
  showToast(t(err instanceof RecordingError ? PROBLEM_TEXT_KEY[err.problem] : 'errors.recordingFailed'));
}

export function useVoiceRecorder(onClip: (clip: VoiceClip) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recording = useRef<Recording | null>(null);
  const startedAt = useRef(0);
  /** Released or cancelled while the microphone was still opening. */
  const pendingEnd = useRef<'send' | 'cancel' | null>(null);
  const onClipRef = useRef(onClip);
  useEffect(() => {
    onClipRef.current = onClip;
  }, [onClip]);

  const finish = useCallback(async (send: boolean) => {
    const rec = recording.current;
    if (!rec) {
      pendingEnd.current = send ? 'send' : 'cancel';
      return;
    }
    recording.current = null;
    const ms = performance.now() - startedAt.current;
    if (!send) {
      rec.cancel();
      setPhase('idle');
      return;
    }
    if (ms < MIN_RECORDING_MS) {
      rec.cancel();
      setPhase('idle');
      showToast(t('errors.recordingTooShort'));
      return;
    }
    setPhase('encoding');
    try {
      const clip = await toMp3(await rec.stop());
      if (clip && clip.durationSec * 1000 >= MIN_RECORDING_MS) onClipRef.current(clip);
      else if (clip) showToast(t('errors.recordingTooShort'));
      // an empty recording is dropped without a word
    } catch (err) {
      toastProblem(err);
    } finally {
      setPhase('idle');
    }
  }, []);

  const start = useCallback(async () => {
    if (recording.current || phase !== 'idle') return;
    pendingEnd.current = null;
    setPhase('starting');
    try {
      const rec = await startRecording();
      recording.current = rec;
      startedAt.current = performance.now();
      setElapsed(0);
      setPhase('recording');
      const end = pendingEnd.current;
      if (end) void finish(end === 'send');
    } catch (err) {
      setPhase('idle');
      toastProblem(err);
    }
  }, [phase, finish]);

  useEffect(() => {
    if (phase !== 'recording') return;
    const id = setInterval(() => {
      const ms = performance.now() - startedAt.current;
      setElapsed(ms);
      if (ms >= MAX_RECORDING_MS) void finish(true);
    }, 200);
    return () => clearInterval(id);
  }, [phase, finish]);

  // leaving the chat drops a recording in progress and frees the microphone
  useEffect(() => () => recording.current?.cancel(), []);

  return {
    phase,
    elapsed,
    start,
    stop: useCallback(() => void finish(true), [finish]),
    cancel: useCallback(() => void finish(false), [finish]),
  };
}

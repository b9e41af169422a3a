/** Voice playback: one message plays at a time; the bubble reads whether it is the one. */
import { createStore, useStore } from '../../../../app/createStore';

const playing = createStore<string | null>(null);
let audio: HTMLAudioElement | null = null;

function stop(): void {
  if (audio) {
    audio.onended = null;
    audio.onerror = null;
    audio.pause();
    audio = null;
  }
  playing.set(null);
}

/** Start `url` for `key` (stopping any other), or stop it when it is the one playing. */
export function toggleVoice(key: string, url: string, onError: () => void): void {
  if (playing.get() === key) {
    stop();
    return;
  }
  stop();
  const el = new Audio(url);
  audio = el;
  playing.set(key);
  const fail = () => {
    if (audio !== el) return;
    stop();
    onError();
  };
  el.onended = () => audio === el && stop();
  el.onerror = fail;
  el.play().catch((err: unknown) => {
    // AbortError: paused before it started (another tap), not a failure
    if ((err as { name?: string }).name !== 'AbortError') fail();
  });
}

export const stopVoice = stop;

export function useVoicePlaying(key: string): boolean {
  return useStore(playing) === key;
}

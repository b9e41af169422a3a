/**
 * Voice playback: one message plays at a time; the bubble reads whether it is the one
 * and how far it has played (its bars colour as it goes), and a tap on the bars seeks.
 */
import { useSyncExternalStore } from 'react';
import { createStore, useStore } from '../../../../app/createStore';

const playing = createStore<string | null>(null);
/** 0..1 of the one playing. */
const position = createStore(0);
let audio: HTMLAudioElement | null = null;
let frame = 0;

function stop(): void {
  if (audio) {
    audio.onended = null;
    audio.onerror = null;
    audio.pause();
    audio = null;
  }
  cancelAnimationFrame(frame);
  playing.set(null);
  position.set(0);
}

/** Follow the playhead once a frame while playing (timeupdate comes only ~4 times a second). */
function follow(el: HTMLAudioElement): void {
  const tick = () => {
    if (audio !== el) return;
    if (el.duration > 0) position.set(Math.min(1, el.currentTime / el.duration));
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
}

/**
 * Start `url` for `key` (stopping any other), from `from` (0..1) when given; without
 * `from`, a tap on the one playing stops it. A `from` on the one playing seeks.
 */
export function toggleVoice(key: string, url: string, onError: () => void, from?: number): void {
  if (playing.get() === key && audio) {
    if (from === undefined) stop();
    else if (audio.duration > 0) audio.currentTime = from * audio.duration;
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
  if (from !== undefined && from > 0) {
    el.addEventListener('loadedmetadata', () => {
      if (audio === el && el.duration > 0) el.currentTime = from * el.duration;
    });
  }
  el.onended = () => audio === el && stop();
  el.onerror = fail;
  follow(el);
  el.play().catch((err: unknown) => {
    // AbortError: paused before it started (another tap), not a failure
    if ((err as { name?: string }).name !== 'AbortError') fail();
  });
}

export const stopVoice = stop;

export function useVoicePlaying(key: string): boolean {
  return useStore(playing) === key;
}

/** How far `key` has played (0 when it is not the one playing). */
export function useVoiceProgress(key: string): number {
  // Read through one snapshot: the bubbles that are not playing keep 0 and do not re-render each frame.
  const read = () => (playing.get() === key ? position.get() : 0);
  return useSyncExternalStore(position.subscribe, read, read);
}

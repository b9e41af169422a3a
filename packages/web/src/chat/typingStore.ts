/** The typing indicator's socket side: incoming TYPING frames into a store, and the one sender. */
import { useSyncExternalStore } from 'react';
import { ChatType, Cmd, isNormalType, typingNotice, type ServerFrame } from '@parley/protocol';
import { createStore } from '../app/createStore';
import { im, subscribeFrames } from '../socket';
import {
  applyNotice,
  clearSender,
  createTypingSender,
  expire,
  typingKey,
  type Typist,
  type TypingState,
} from './typing';

const store = createStore<TypingState>(new Map());
let listening = false;
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweep() {
  store.set((s) => expire(s, Date.now()));
  if (store.get().size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** A message from someone ends their typing in that chat. */
function onMessage(frame: ServerFrame) {
  const m = frame.data as { sendId?: number; recvId?: number; groupId?: number; type?: number } | undefined;
  if (!m || typeof m.sendId !== 'number') return;
  // Only a real message ends typing: read receipts and sync frames from the same person
  // (opening the chat sends one) must not wipe the indicator.
  if (typeof m.type !== 'number' || !isNormalType(m.type)) return;
  const key =
    frame.cmd === Cmd.GROUP_MESSAGE && typeof m.groupId === 'number'
      ? typingKey(ChatType.GROUP, m.groupId)
      : typingKey(ChatType.PRIVATE, m.sendId);
  store.set((s) => clearSender(s, key, m.sendId!));
}

function listen() {
  if (listening) return;
  listening = true;
  subscribeFrames(Cmd.TYPING, (frame) => {
    const parsed = typingNotice.safeParse(frame.data);
    if (!parsed.success) return;
    store.set((s) => applyNotice(s, parsed.data, Date.now()));
    sweeper ??= setInterval(sweep, 500);
  });
  subscribeFrames(Cmd.PRIVATE_MESSAGE, onMessage);
  subscribeFrames(Cmd.GROUP_MESSAGE, onMessage);
}

const none: readonly Typist[] = [];

/** Who is typing in the chat now (oldest first). */
export function useTypists(type: string, targetId: number): readonly Typist[] {
  listen();
  const key = typingKey(type, targetId);
  return useSyncExternalStore(store.subscribe, () => store.get().get(key) ?? none);
}

/** Everyone typing, by chat key (the chat list's previews). */
export function useTypingState(): TypingState {
  listen();
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Frames go only over a logged-in socket; a lost one is harmless (the receiver times out). */
export const typingSender = createTypingSender((data) => im.getState() === 'loggedIn' && im.send(Cmd.TYPING, data));

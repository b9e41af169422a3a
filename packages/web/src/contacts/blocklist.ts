/** The signed-in user's blocklist, loaded when a screen needs it and kept current by the block actions. */
import type { BlacklistEntry } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';

export interface BlocklistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: BlacklistEntry[];
}
const EMPTY: BlocklistState = { status: 'idle', list: [] };

export const blocklistStore = createStore<BlocklistState>(EMPTY);
let generation = 0;

export async function loadBlocklist(): Promise<void> {
  const gen = generation;
  blocklistStore.set((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'loading' }));
  try {
    const list = await call('blacklistList', { silent: true });
    if (gen === generation) blocklistStore.set({ status: 'ready', list });
  } catch {
    if (gen === generation) blocklistStore.set((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error' }));
  }
}

export function removeFromBlocklist(userId: number): void {
  blocklistStore.set((s) => ({ ...s, list: s.list.filter((e) => e.toUserId !== userId) }));
}

/** Forget everything (sign-out); answers still in flight are dropped. */
export function resetBlocklist(): void {
  generation++;
  blocklistStore.set(EMPTY);
}

export function useBlocklist(): BlocklistState {
  return useStore(blocklistStore);
}

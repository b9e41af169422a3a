/** What the chat box reads and does with pinned messages: the chat's pins, who may pin, pin and unpin. */
import { ChatType, type Friend, type Group } from '@parley/protocol';
import { call } from '../api/call';
import { useStore } from '../app/createStore';
import { pinStore } from './index';
import { NO_PINS, type PinnedEntry } from './pins';

/** The chat's pinned messages, newest first. */
export function useChatPins(type: ChatType, targetId: number): PinnedEntry[] {
  return (useStore(pinStore.store)[`${type}-${targetId}`] ?? NO_PINS).entries;
}

export const openPins = (type: ChatType, targetId: number): Promise<void> => pinStore.open(type, targetId);

/**
 * Whether I may pin here, as the server decides it: a private chat while we may still
 * write to each other; a live group as owner or admin, or as anyone when it allows.
 */
export function canPin(type: ChatType, friend: Friend | undefined, group: Group | undefined): boolean {
  if (type === ChatType.PRIVATE) return friend !== undefined && !friend.deleted;
  if (type !== ChatType.GROUP || !group || group.quit || group.dissolve || group.isBanned) return false;
  return group.isManager || group.pinByMembers;
}

/** Pin or unpin; the PIN notice that follows updates every terminal, this one too. Failures throw (already shown). */
export async function setPinned(type: ChatType, id: number, pinned: boolean): Promise<void> {
  if (type === ChatType.GROUP) await call(pinned ? 'groupPin' : 'groupUnpin', { params: { id } });
  else await call(pinned ? 'privatePin' : 'privateUnpin', { params: { id } });
}

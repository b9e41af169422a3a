/**
 * Keeps the group list of the signed-in user current: loads it at start (spec §4:
 * "load user, friends, groups, chats"), applies the sync frames 90-92 as they
 * arrive on cmd 4, and reloads after a reconnect (sync frames sent while offline
 * are not replayed): a synced list (app/syncedList.ts).
 */
import type { Group } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { createSyncedList, type SyncedListDeps, type SyncedListState, type SyncedListStatus } from '../app/syncedList';
import { applyGroupFrame, isGroupSyncFrame } from './groupsReducer';

export type GroupsStatus = SyncedListStatus;
export type GroupsState = SyncedListState<Group>;
export const EMPTY_GROUPS: GroupsState = { status: 'idle', list: [] };

export type GroupsSyncDeps = SyncedListDeps<Group>;

export interface GroupsSync {
  start(userId?: number): void;
  stop(): void;
  forget(userId: number): Promise<void>;
  reload(): Promise<void>;
}

export function createGroupsSync(store: Store<GroupsState>, deps: GroupsSyncDeps): GroupsSync {
  return createSyncedList(store, deps, {
    empty: EMPTY_GROUPS,
    isFrame: isGroupSyncFrame,
    applyFrame: applyGroupFrame,
  });
}

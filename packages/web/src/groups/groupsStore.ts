/**
 * The app's group list: started when a user signs in, cleared on sign-out.
 * Pages read it through useGroups() / useGroup(id); actions patch it locally at
 * once, and the server's sync frames (90-92 on cmd 4) confirm or correct it.
 */
import { Cmd, type Group } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { listCacheFor } from '../app/listCache';
import { followSessionWith } from '../app/syncedListSession';
import { onReconnect, subscribeFrames } from '../socket';
import { patchGroup, upsertGroup } from './groupsReducer';
import { EMPTY_GROUPS, createGroupsSync, type GroupsState } from './groupsSync';

export type { GroupsState } from './groupsSync';

export const groupsStore = createStore<GroupsState>(EMPTY_GROUPS);

const sync = createGroupsSync(groupsStore, {
  loadList: () => call('groupList', { silent: true }),
  subscribeFrames: (listener) => subscribeFrames(Cmd.GROUP_MESSAGE, (frame) => listener(frame.data)),
  subscribeReconnect: onReconnect,
  cache: listCacheFor<Group>('GROUPS'),
});

export const reloadGroups = sync.reload;

function setList(fn: (list: Group[]) => Group[]): void {
  groupsStore.set((s) => {
    const list = fn(s.list);
    return list === s.list ? s : { ...s, list };
  });
}

/** A group the server just answered with (create, modify, find): put it in the list now. */
export const putGroup = (g: Group): void => setList((list) => upsertGroup(list, g));
/** Apply a local change (after a successful call) without waiting for the sync frame. */
export const patchLocalGroup = (id: number, patch: Partial<Group>): void =>
  setList((list) => patchGroup(list, id, patch));

export const groupById = (id: number): Group | undefined => groupsStore.get().list.find((g) => g.id === id);

let installed = false;
/** Follow the session: start for a signed-in user, stop and clear on sign-out. Called once at start. */
export function installGroups(): void {
  if (installed) return;
  installed = true;
  followSessionWith(sync);
}

export function useGroups(): GroupsState {
  return useStore(groupsStore);
}

export function useGroup(id: number | null | undefined): Group | undefined {
  const { list } = useStore(groupsStore);
  return id ? list.find((g) => g.id === id) : undefined;
}

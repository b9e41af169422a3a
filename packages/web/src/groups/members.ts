/**
 * Member lists of groups, loaded when a screen needs them (group info, member
 * list, @ picker, sender avatars) and kept for the session. A group sync frame
 * (92) names the members a change touched (joins, leaves, roles, mutes, nicknames):
 * their entries are patched into a held list, so open screens follow without
 * loading thousands of members again. After a reconnect (frames sent while offline
 * are not replayed) held lists load again.
 */
import { useEffect } from 'react';
import { Cmd, groupSyncMessage, type GroupMember } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { sessionStore } from '../app/session';
import { onReconnect, subscribeFrames } from '../socket';
import { isGroupSyncType, patchMembers } from './groupsReducer';

export interface MembersEntry {
  status: 'loading' | 'ready' | 'error';
  list: GroupMember[];
}

const membersStore = createStore<Readonly<Record<number, MembersEntry>>>({});
const inFlight = new Map<number, Promise<void>>();
let generation = 0;

/** Load (or reload) the members of a group; concurrent calls share one request. */
export function loadMembers(groupId: number): Promise<void> {
  const running = inFlight.get(groupId);
  if (running) return running;
  const gen = generation;
  membersStore.set((s) => ({
    ...s,
    [groupId]: { status: s[groupId]?.status ?? 'loading', list: s[groupId]?.list ?? [] },
  }));
  const task = call('groupMembers', { params: { groupId }, silent: true })
    .then(
      (list) => {
        if (gen === generation) membersStore.set((s) => ({ ...s, [groupId]: { status: 'ready', list } }));
      },
      () => {
        if (gen === generation)
          membersStore.set((s) => ({ ...s, [groupId]: { status: 'error', list: s[groupId]?.list ?? [] } }));
      },
    )
    .finally(() => inFlight.delete(groupId));
  inFlight.set(groupId, task);
  return task;
}

/** Members that are still in the group (the server may list those who left, with quit). */
export const activeMembers = (list: readonly GroupMember[]): GroupMember[] => list.filter((m) => !m.quit);

export function useGroupMembers(groupId: number | undefined): MembersEntry {
  const all = useStore(membersStore);
  useEffect(() => {
    if (groupId && !membersStore.get()[groupId]) void loadMembers(groupId);
  }, [groupId]);
  return (groupId ? all[groupId] : undefined) ?? { status: 'loading', list: [] };
}

export const membersOf = (groupId: number): GroupMember[] => membersStore.get()[groupId]?.list ?? [];

let installed = false;
/** Reload held lists on group sync frames; forget all at sign-out. Called once at start. */
export function installGroupMembers(): void {
  if (installed) return;
  installed = true;
  subscribeFrames(Cmd.GROUP_MESSAGE, (frame) => {
    const parsed = groupSyncMessage.safeParse(frame.data);
    if (!parsed.success || !isGroupSyncType(parsed.data.type) || !parsed.data.members) return;
    const { groupId, members } = parsed.data;
    // A load in flight answers with the list as it was before or after this change:
    // load again after it rather than patch a list that is about to be replaced.
    if (inFlight.has(groupId)) {
      void inFlight.get(groupId)!.then(() => loadMembers(groupId));
      return;
    }
    membersStore.set((s) => {
      const entry = s[groupId];
      return entry ? { ...s, [groupId]: { ...entry, list: patchMembers(entry.list, members) } } : s;
    });
  });
  onReconnect(() => {
    for (const id of Object.keys(membersStore.get())) void loadMembers(Number(id));
  });
  let owner: number | null = null;
  sessionStore.subscribe(() => {
    const id = sessionStore.get().user?.id ?? null;
    if (id === owner) return;
    owner = id;
    generation++;
    inFlight.clear();
    membersStore.set({});
  });
}

/**
 * Member lists of groups, loaded when a screen needs them (group info, member
 * list, @ picker, sender avatars) and kept for the session. A group sync frame
 * (90/92: roles, mutes, joins and leaves change the group) reloads the lists held
 * for that group, so open screens follow.
 */
import { useEffect } from 'react';
import { Cmd, type GroupMember } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { sessionStore } from '../app/session';
import { subscribeFrames } from '../socket';
import { isGroupSyncFrame } from './groupsReducer';

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
    if (!isGroupSyncFrame(frame.data)) return;
    const groupId = (frame.data as { groupId: number }).groupId;
    if (membersStore.get()[groupId]) void loadMembers(groupId);
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

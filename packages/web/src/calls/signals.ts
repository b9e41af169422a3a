/**
 * The app-wide call listener (docs/CALLS.md §8.1-8.2), installed with the session: cmd 3
 * frames with a call signal type (100-109) go to the call store, never to the chats; an
 * incoming call opens the call page from any page of the app; after every socket login
 * `GET /webrtc/current` opens a ring that was missed or resumes a call, or tells an open
 * call page to re-read its call.
 */
import { Cmd, type CallMode, type CurrentCall, type Friend } from '@parley/protocol';
import { call } from '../api/call';
import { currentTerminal } from '../api/terminal';
import { t } from '../i18n';
import { showToast } from '../ui/toast';
import { navigateTo } from '../app/navigation';
import { sessionStore } from '../app/session';
import { friendsStore } from '../contacts/friendsStore';
import { Links, Paths, type CallFriend } from '../routes/paths';
import { closeRingNotifications } from '../push/rings';
import { onConnectionState, subscribeFrames } from '../socket';
import { createCallStore, parsePrivateSignal, resyncAction, type CurrentPrivateCall } from './callStore';
import { createGroupCallStore, groupResyncAction, parseGroupSignal, type CurrentGroupCall } from './groupCallStore';
import { announceCall, forwardIfElsewhere, listenForCallTabs, shownElsewhere } from './tabs';

export const callStore = createCallStore();
export const groupCallStore = createGroupCallStore();

/** The call page that runs now, told to re-read its call after a socket login. */
let activeCall: { refresh(): void } | null = null;
export function setActiveCall(page: { refresh(): void } | null): void {
  activeCall = page;
}

/** The friend as a call link carries it (the page shows it until the friends store answers). */
export function callFriendOf(id: number, friend?: Friend): CallFriend {
  const f = friend ?? friendsStore.get().list.find((x) => x.id === id);
  return f
    ? {
        id,
        nickName: f.nickName,
        showNickName: f.showNickName,
        headImage: f.headImage,
        headImageThumb: f.headImageThumb,
      }
    : { id };
}

/** Known not to be a friend (deleted, or absent from the loaded list); before the list loads the server decides. */
export function knownNonFriend(id: number): boolean {
  const { status, list } = friendsStore.get();
  const f = list.find((x) => x.id === id);
  return f ? f.deleted : status === 'ready';
}

/** Open the call page as the caller (chat box, user info, "call back"); only friends can be called. */
export function startCall(mode: CallMode, friendId: number, friend?: Friend): void {
  if (friend ? friend.deleted : knownNonFriend(friendId)) return showToast(t('errors.callNonFriend'));
  navigateTo(Links.privateCall(mode, callFriendOf(friendId, friend), true));
}

function openCallPage(c: CurrentPrivateCall, resume: boolean): void {
  const link = Links.privateCall(c.mode, callFriendOf(c.peerId), c.isHost);
  const onCallPage = globalThis.location.hash.replace(/^#/, '').split('?')[0] === Paths.chatPrivateVideo;
  navigateTo(link, { replace: onCallPage, state: resume && c.callId ? { callId: c.callId } : undefined });
}

/** The group call page: rung (200), joining from the prompt (inviterId = me), or resuming. */
function openGroupCallPage(c: CurrentGroupCall, resume: boolean): void {
  const link = Links.groupCall(c.groupId, c.isHost, c.inviterId, c.userInfos);
  const onCallPage = globalThis.location.hash.replace(/^#/, '').split('?')[0] === Paths.chatGroupVideo;
  navigateTo(link, { replace: onCallPage, state: resume && c.callId ? { callId: c.callId } : undefined });
}

/** Join the running call of a group (the join prompt). */
export function joinGroupCall(groupId: number): void {
  const me = sessionStore.get().user?.id;
  if (me !== undefined) navigateTo(Links.groupCall(groupId, false, me, '[]'));
}

/** Start a group call with these members (the member picker; me included or not). */
export function startGroupCall(groupId: number, members: { id: number; nickName: string; headImage: string }[]): void {
  const me = sessionStore.get().user?.id;
  if (me === undefined) return;
  const infos = members.map((m) => ({ ...m, isCamera: false, isMicroPhone: true }));
  navigateTo(Links.groupCall(groupId, true, me, JSON.stringify(infos)));
}

async function resyncGroup(reply: CurrentCall): Promise<void> {
  const selfId = sessionStore.get().user?.id;
  if (selfId === undefined) return;
  const action = groupResyncAction(reply, groupCallStore, currentTerminal(), selfId);
  if (action.kind === 'refresh') activeCall?.refresh();
  else if (action.kind === 'open' && !groupCallStore.current() && !callStore.current()) {
    if (action.call.callId && (await shownElsewhere(action.call.callId))) return;
    if (groupCallStore.current()) return;
    groupCallStore.begin(action.call);
    openGroupCallPage(action.call, action.resume);
  }
}

async function resync(): Promise<void> {
  let reply;
  try {
    reply = await call('currentCall', { silent: true });
  } catch {
    return; // an older server, or the network: the signals still arrive
  }
  if (reply.kind === 'group' || groupCallStore.hasPage()) return resyncGroup(reply);
  const action = resyncAction(reply, callStore, currentTerminal());
  if (action.kind === 'refresh') activeCall?.refresh();
  else if (action.kind === 'open' && !callStore.current()) {
    // Another tab of this browser may show the call: it keeps it (its frames are forwarded).
    if (action.call.callId && (await shownElsewhere(action.call.callId))) return;
    if (callStore.current()) return;
    callStore.begin(action.call);
    openCallPage(action.call, action.resume);
  }
}

function onSignal(data: unknown): void {
  const signal = parsePrivateSignal(data);
  const selfId = sessionStore.get().user?.id;
  if (!signal || selfId === undefined) return;
  if (forwardIfElsewhere(signal)) return;
  if (callStore.route(signal, selfId) === 'open') {
    const c = callStore.current();
    if (c) openCallPage(c, false);
  }
}

function onGroupSignal(data: unknown): void {
  const signal = parseGroupSignal(data);
  const selfId = sessionStore.get().user?.id;
  if (!signal || selfId === undefined) return;
  if (forwardIfElsewhere(signal)) return;
  // One call at a time: a ring while a private call is current is not taken (the server says busy anyway).
  if (signal.type === 200 && callStore.current()) return;
  if (groupCallStore.route(signal, selfId) === 'open') {
    const c = groupCallStore.current();
    if (c) openGroupCallPage(c, false);
  }
}

/** Keep the other tabs told which call this one shows. */
function announceCurrent(): void {
  const c = callStore.current();
  const g = groupCallStore.current();
  announceCall(c && callStore.hasPage() ? c.callId : g && groupCallStore.hasPage() ? g.callId : null);
}

let installed = false;
export function installCalls(): void {
  if (installed) return;
  installed = true;
  subscribeFrames(Cmd.PRIVATE_MESSAGE, (frame) => onSignal(frame.data));
  subscribeFrames(Cmd.GROUP_MESSAGE, (frame) => onGroupSignal(frame.data));
  // Frames forwarded by the tab holding the socket: only for a call this tab shows.
  listenForCallTabs((data) => {
    const signal = parsePrivateSignal(data);
    const selfId = sessionStore.get().user?.id;
    if (signal && selfId !== undefined && callStore.current()?.callId === signal.callId)
      callStore.route(signal, selfId);
    const group = parseGroupSignal(data);
    if (group && selfId !== undefined && groupCallStore.current()?.callId === group.callId)
      groupCallStore.route(group, selfId);
  });
  callStore.subscribe(announceCurrent);
  groupCallStore.subscribe(announceCurrent);
  onConnectionState((state) => {
    if (state !== 'loggedIn' || sessionStore.get().status !== 'ready') return;
    void resync();
    void closeRingNotifications();
  });
}

/**
 * Which list a pane page belongs to, on the two-pane layout (from 900 px): the left
 * pane shows one tab's list, the right pane the page the hash route names.
 */
import { Paths, tabOfPath, type TabKey } from '../../routes/paths';

/** Conversations: opening one always shows the chat list beside it (its row highlighted). */
const CHAT_PAGES: readonly string[] = [
  Paths.chatBox,
  Paths.chatSearch,
  Paths.chatDetails,
  Paths.chatShared,
  Paths.chatSystem,
  Paths.chatSystemContent,
  Paths.chatPrivateVideo,
  Paths.chatGroupVideo,
];
const FRIEND_PAGES: readonly string[] = [
  Paths.friendAdd,
  Paths.friendRemark,
  Paths.friendRequests,
  Paths.userInfo,
  Paths.group,
  Paths.groupInfo,
  Paths.groupEdit,
  Paths.groupInvite,
  Paths.groupMember,
];
const DISCOVER_PAGES: readonly string[] = [Paths.discoverExternalLink];

/** Call pages: leaving one ends the call (pages/chat/call/useCallPage), so the list beside is inert. */
export function isCallPage(pathname: string): boolean {
  return pathname === Paths.chatPrivateVideo || pathname === Paths.chatGroupVideo;
}

/** The list a page must show beside it whatever list was open (conversations only). */
export function forcedListTab(pathname: string): TabKey | null {
  return tabOfPath(pathname) ?? (CHAT_PAGES.includes(pathname) ? 'chat' : null);
}

/** The list a page opened from a link shows beside it (nothing was open before). */
export function homeListTab(pathname: string): TabKey {
  const forced = forcedListTab(pathname);
  if (forced) return forced;
  if (FRIEND_PAGES.includes(pathname)) return 'friend';
  if (DISCOVER_PAGES.includes(pathname)) return 'discover';
  return 'mine'; // profile, password, favourites, blocklist, complaints, console
}

/**
 * The list shown after a route change: a tab route or a conversation decides, any other
 * page keeps the list it was opened from. Back (or forward) to a page keeps the list too:
 * the user returns to where they were (Mine → Language → back leaves the chat beside Mine).
 */
export function nextListTab(current: TabKey, pathname: string, back = false): TabKey {
  if (back) return tabOfPath(pathname) ?? current;
  return forcedListTab(pathname) ?? current;
}

/** Identity of the right pane's page: a new one mounts fresh; the console keeps its frame. */
export function paneKey(pathname: string, search: string): string {
  return pathname.startsWith('/pages/console/') ? 'console' : pathname + search;
}

/** Whether `link` (path with query) is the page the location shows: same path, its query values. */
export function isSameTarget(link: string, pathname: string, search: string): boolean {
  const q = link.indexOf('?');
  const path = q < 0 ? link : link.slice(0, q);
  if (path !== pathname) return false;
  const want = new URLSearchParams(q < 0 ? '' : link.slice(q + 1));
  const have = new URLSearchParams(search);
  for (const [key, value] of want) if (have.get(key) !== value) return false;
  return true;
}

/** Route table of spec §2 (hash mode, base /). Only the routes built so far. */
export const Paths = {
  root: '/',
  chat: '/pages/chat/chat',
  friend: '/pages/friend/friend',
  discover: '/pages/discover/discover',
  mine: '/pages/mine/mine',
  login: '/pages/login/login',
  register: '/pages/register/register',
  mineEdit: '/pages/mine/mine-edit',
  minePassword: '/pages/mine/mine-password',
  lang: '/pages/lang/lang',
  externalLink: '/pages/common/external-link',
  discoverExternalLink: '/pages/common/discover-external-link',
  agreement: '/pages/common/agreement',
  privacy: '/pages/common/privacy',
} as const;

export type TabKey = 'chat' | 'friend' | 'discover' | 'mine';
export const TABS: readonly TabKey[] = ['chat', 'friend', 'discover', 'mine'];

/** Which tab a path shows; `/` is an alias of the messages tab. */
export function tabOfPath(pathname: string): TabKey | null {
  if (pathname === Paths.root || pathname === '') return 'chat';
  return TABS.find((tab) => Paths[tab] === pathname) ?? null;
}

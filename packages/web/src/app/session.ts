/**
 * The signed-in session: app start (spec §4: refresh token, load user, connect),
 * login, logout, and the forced endings (401 after refresh, 403, cmd 2, banned frames).
 */
import { MessageType, type User } from '@parley/protocol';
import { call } from '../api/call';
import { refreshSession } from '../api/refresh';
import { setSessionHooks } from '../api/request';
import { clearLoginInfo, getLoginInfo, setLoginInfo } from '../api/storage';
import { currentTerminal } from '../api/terminal';
import { errorText, t } from '../i18n';
import { Paths } from '../routes/paths';
import { im, setSocketHandlers } from '../socket';
import { alertDialog } from '../ui/dialog';
import { showToast } from '../ui/toast';
import { createStore, useStore } from './createStore';
import { forgetUser, listenToOtherTabs } from './forget';
import { listenToTabs, replacedBySibling } from './tabs';
import { navigateTo } from './navigation';

export type SessionStatus = 'starting' | 'anonymous' | 'ready';
export interface Session {
  status: SessionStatus;
  user: User | null;
}

export const sessionStore = createStore<Session>({ status: 'starting', user: null });
export const useSession = () => useStore(sessionStore);

/** The signed-in user; pages under the auth guard may rely on it. */
export function useCurrentUser(): User {
  const user = useSession().user;
  if (!user) throw new Error('useCurrentUser outside a signed-in page');
  return user;
}

/** Load /user/self; a deleted or banned account is rejected with its reason (spec §5). */
async function loadSelf(): Promise<User> {
  const user = await call('userSelf');
  if (user.deleted) throw new AccountBlocked(t('errors.accountDeleted'), user.id);
  if (user.isBanned) throw new AccountBlocked(errorText('accountBanned', '', { reason: user.reason }));
  return user;
}

class AccountBlocked extends Error {
  /** Set for a deleted account: its data on this device goes too. */
  constructor(
    message: string,
    readonly deletedId?: number,
  ) {
    super(message);
  }
}

async function enter(): Promise<void> {
  const user = await loadSelf();
  sessionStore.set({ status: 'ready', user });
  const info = getLoginInfo();
  if (info) im.connect(info.accessToken);
}

/** App start: with a stored refresh token, refresh it, load the user and connect; else login. */
export async function startApp(): Promise<void> {
  if (!getLoginInfo()) return toAnonymous();
  const outcome = await refreshSession();
  if (outcome !== 'ok') return endSession({ keepTokens: outcome === 'network' });
  try {
    await enter();
  } catch (err) {
    if (!(err instanceof AccountBlocked)) return endSession();
    void alertDialog({ content: err.message, testId: 'account-blocked-dialog' });
    return endSession({ forget: err.deletedId });
  }
  // Opened after a successful refresh at launch (spec §2); a deep link stays where it was.
  const here = currentPath();
  if (here === Paths.login || here === Paths.register) navigateTo(Paths.root, { replace: true });
}

export async function login(userName: string, password: string): Promise<void> {
  const pair = await call('login', { body: { terminal: currentTerminal(), userName, password } });
  setLoginInfo(pair);
  try {
    await enter();
  } catch (err) {
    if (err instanceof AccountBlocked) void alertDialog({ content: err.message, testId: 'account-blocked-dialog' });
    endSession({ forget: err instanceof AccountBlocked ? err.deletedId : undefined });
    throw err;
  }
  navigateTo(Paths.root, { replace: true });
}

export async function reloadSelf(): Promise<void> {
  const user = await call('userSelf');
  sessionStore.set((s) => ({ ...s, user }));
}

export async function logout(): Promise<void> {
  try {
    await call('logout', { silent: true });
  } catch {
    // the local session ends regardless
  }
  endSession({ forget: sessionStore.get().user?.id });
}

export interface EndOptions {
  keepTokens?: boolean;
  /** Logout, deleted account: this user's chats, caches and object URLs leave the device. */
  forget?: number;
  /** false when another tab told us (it has told the rest). */
  tellOtherTabs?: boolean;
}

/** Drop the local session and go to login. */
export function endSession(options: EndOptions = {}): void {
  im.close();
  if (!options.keepTokens) clearLoginInfo();
  // Before the session store changes: the chat layer must stop saving before it stops.
  if (options.forget !== undefined) void forgetUser(options.forget, options.tellOtherTabs ?? true);
  toAnonymous();
  if (currentPath() !== Paths.login) navigateTo(Paths.login, { replace: true });
}

/**
 * Another tab of this browser took the socket (one per user and terminal): this tab
 * stays signed in without live updates, and takes the socket back when shown again.
 */
function resumeWhenShown(): void {
  const resume = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', resume);
    const info = getLoginInfo();
    if (sessionStore.get().status === 'ready' && info && im.getState() === 'closed') im.connect(info.accessToken);
  };
  document.addEventListener('visibilitychange', resume);
}

function toAnonymous(): void {
  sessionStore.set({ status: 'anonymous', user: null });
}

function currentPath(): string {
  return globalThis.location.hash.replace(/^#/, '').split('?')[0] || Paths.root;
}

/** Wire the api wrapper and the socket to the session. Called once at start. */
export function installSessionHandlers(): void {
  setSessionHooks({
    onSessionExpired: () => {
      if (sessionStore.get().status === 'anonymous') return;
      showToast(t('errors.loginExpired'));
      endSession();
    },
    onAccountBlocked: (text, key) => {
      endSession({ forget: key === 'accountDeleted' ? sessionStore.get().user?.id : undefined });
      void alertDialog({ content: text, testId: 'account-blocked-dialog' });
    },
  });
  listenToTabs();
  listenToOtherTabs((userId) => {
    if (sessionStore.get().user?.id === userId) endSession({ forget: userId, tellOtherTabs: false });
  });
  setSocketHandlers({
    onForceLogout: () => {
      if (replacedBySibling()) return resumeWhenShown();
      endSession();
      void alertDialog({ content: t('errors.forcedOffline'), testId: 'forced-offline-dialog' });
    },
    onAccountClosed: (type, reason) => {
      endSession({ forget: type === MessageType.USER_UNREG ? sessionStore.get().user?.id : undefined });
      const text = type === MessageType.USER_UNREG ? t('errors.accountDeleted') : t('errors.accountBanned', { reason });
      void alertDialog({ content: text, testId: 'account-blocked-dialog' });
    },
    onConnectionLost: () => showToast(t('errors.connectionLost')),
    onReconnected: () => showToast(t('errors.reconnected')),
    onAuthFailed: async () => {
      const outcome = await refreshSession();
      if (outcome === 'rejected') {
        endSession();
        return null;
      }
      return getLoginInfo()?.accessToken ?? null;
    },
  });
}

/**
 * The signed-in session: app start (spec §4: refresh token, load user and config, connect),
 * login, logout, and the forced endings (401 after refresh, 403, cmd 2, banned frames).
 */
import {
  MessageType,
  ReplyCode,
  RuntimeCode,
  Timing,
  type RegisterRequest,
  type SelfUser,
  type TokenPair,
} from '@parley/protocol';
import { call } from '../api/call';
import { refreshSession } from '../api/refresh';
import { setSessionHooks } from '../api/request';
import { clearLoginInfo, getLoginInfo, setLoginInfo } from '../api/storage';
import { detectTerminal } from './terminal';
import { errorText, t } from '../i18n';
import { Paths } from '../routes/paths';
import { im, setSocketHandlers } from '../socket';
import { alertDialog } from '../ui/dialog';
import { showToast } from '../ui/toast';
import { createStore, useStore } from './createStore';
import { forgetUser, listenToOtherTabs } from './forget';
import { readCachedSelf, writeCachedSelf } from './selfCache';
import { listenToTabs, replacedBySibling } from './tabs';
import { navigateTo } from './navigation';
import { retryEvery } from './retry';
import { clearServerConfig, loadServerConfig } from './serverConfig';

export type SessionStatus = 'starting' | 'anonymous' | 'ready';
export interface Session {
  status: SessionStatus;
  /** With `isOperator` (GET /user/self only): the Mine tab shows the console entry. */
  user: SelfUser | null;
}

export const sessionStore = createStore<Session>({ status: 'starting', user: null });
export const useSession = () => useStore(sessionStore);

/** The signed-in user; pages under the auth guard may rely on it. */
export function useCurrentUser(): SelfUser {
  const user = useSession().user;
  if (!user) throw new Error('useCurrentUser outside a signed-in page');
  return user;
}

/** Load /user/self; a deleted or banned account is rejected with its reason (spec §5). */
async function loadSelf(): Promise<SelfUser> {
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
  writeCachedSelf(user);
  sessionStore.set({ status: 'ready', user });
  // Beside the lists that follow the session (friends, groups, chats): spec §4's app start.
  void loadServerConfig();
  const info = getLoginInfo();
  if (info) im.connect(info.accessToken);
}

/**
 * App start: with a stored refresh token, refresh it, load the user and connect; else login.
 * When this device knows the user, the stored chats show at once and the same steps run
 * behind them (issue 11 point 3); without network they are retried until it returns.
 */
export async function startApp(): Promise<void> {
  if (!getLoginInfo()) return toAnonymous();
  const cached = readCachedSelf();
  if (cached) {
    sessionStore.set({ status: 'ready', user: cached });
    leaveLoginPage();
  }
  await resume(cached !== null, 0);
}

async function resume(shown: boolean, attempt: number): Promise<void> {
  const outcome = await refreshSession();
  if (outcome === 'network' && shown) return retryLater(attempt);
  if (outcome !== 'ok') return endSession({ keepTokens: outcome === 'network' });
  try {
    await enter();
  } catch (err) {
    if (err instanceof AccountBlocked) {
      void alertDialog({ content: err.message, testId: 'account-blocked-dialog' });
      return endSession({ forget: err.deletedId });
    }
    if (shown && isNetworkError(err)) return retryLater(attempt);
    // Not a verdict on the session (the server said nothing): the next start tries again.
    return endSession({ keepTokens: isNetworkError(err) });
  }
  // Lists that could not load while offline load now (their own retry waits for a reconnect).
  if (attempt > 0) void reloadLists();
  // Opened after a successful refresh at launch (spec §2); a deep link stays where it was.
  leaveLoginPage();
}

/** Offline start: try again when the browser says the network is back, or after a growing pause. */
function retryLater(attempt: number): void {
  if (sessionStore.get().status !== 'ready') return;
  const userId = sessionStore.get().user?.id;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    globalThis.removeEventListener('online', go);
    clearTimeout(timer);
    if (sessionStore.get().user?.id === userId && getLoginInfo()) void resume(true, attempt + 1);
  };
  const timer = setTimeout(go, Math.min(30_000, 2_000 * 2 ** attempt));
  globalThis.addEventListener('online', go);
}

function isNetworkError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' && (Object.values(RuntimeCode).includes(code as 5) || code >= ReplyCode.SERVER_ERROR);
}

async function reloadLists(): Promise<void> {
  // Loaded lazily: those stores follow this module's session store.
  const [friends, groups, requests] = await Promise.all([
    import('../contacts/friendsStore'),
    import('../groups/groupsStore'),
    import('../contacts/requests'),
  ]);
  void friends.reloadFriends();
  void groups.reloadGroups();
  void requests.reloadRequests();
}

function leaveLoginPage(): void {
  const here = currentPath();
  if (here === Paths.login || here === Paths.register) navigateTo(Paths.root, { replace: true });
}

export async function login(userName: string, password: string): Promise<void> {
  await signIn(await call('login', { body: { terminal: detectTerminal(), userName, password } }));
}

/**
 * Registration signs in (issue 22 point 9): the reply is a login's token pair. `silent`:
 * the register page shows a refused name under its field, not as a toast.
 */
export async function register(body: Omit<RegisterRequest, 'terminal'>): Promise<void> {
  await signIn(await call('register', { body: { ...body, terminal: detectTerminal() }, silent: true }));
}

/** A new session's tokens: stored, the user loaded, the Messages tab opened. */
async function signIn(pair: TokenPair): Promise<void> {
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

/**
 * Load the signed-in user again (after a profile edit). A failure is retried every
 * 5 s (spec §9) while the same user stays signed in; resolves whether the first try worked.
 */
export async function reloadSelf(): Promise<boolean> {
  const userId = sessionStore.get().user?.id;
  pendingReload?.cancel();
  pendingReload = retryEvery(
    async () => {
      const user = await call('userSelf', { silent: true });
      if (sessionStore.get().user?.id !== userId) return;
      writeCachedSelf(user);
      sessionStore.set((s) => ({ ...s, user }));
    },
    Timing.USER_RELOAD_RETRY_MS,
    () => sessionStore.get().status === 'ready' && sessionStore.get().user?.id === userId,
  );
  return pendingReload.first;
}
let pendingReload: ReturnType<typeof retryEvery> | null = null;

export async function logout(): Promise<void> {
  // removeCid while the token still works; loaded late: push/ imports this module.
  await import('../push').then((push) => push.stopPush()).catch(() => undefined);
  // The socket goes first: the server closes it when the session ends, which would read as a lost connection.
  im.close();
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
  writeCachedSelf(null);
  clearServerConfig();
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

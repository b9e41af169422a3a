/**
 * Token refresh (spec §4): at most one PUT /refreshToken in flight; every request
 * that meets a 401 (or starts meanwhile) waits for it, then retries.
 *
 * Tabs share the stored tokens, and each refresh rotates them: two tabs refreshing
 * the same token at once would leave one of them holding a dead token. So tabs take
 * turns under a Web Lock, and a tab that finds a newer token stored once its turn
 * comes uses it instead of asking the server.
 */
import { API_BASE, ReplyCode, api, type TokenPair } from '@parley/protocol';
import { ApiError } from './ApiError';
import { getLoginInfo, setLoginInfo } from './storage';
import { exchange } from './transport';

/** 'rejected': the refresh token is no good; 'network': we could not ask. */
export type RefreshOutcome = 'ok' | 'rejected' | 'network';

export const REFRESH_LOCK = 'parley-refresh';

/** The slice of the Web Locks API used here (tests pass a fake). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefreshDeps {
  /** undefined: no Web Locks (old browser, insecure origin) — single-flight in this tab only. */
  locks: LockManagerLike | undefined;
  stored(): string | null;
  /** Ask the server with this refresh token and store the new pair. */
  rotate(refreshToken: string): Promise<RefreshOutcome>;
}

/** A refresher with its own single-flight; the app uses the one below, tests build their own. */
export function createRefresher(deps: RefreshDeps): { refresh(): Promise<RefreshOutcome>; settled(): Promise<void> } {
  let inflight: Promise<RefreshOutcome> | null = null;

  async function run(): Promise<RefreshOutcome> {
    // The token this tab holds now: what it would send if no other tab got there first.
    const held = deps.stored();
    if (!held) return 'rejected';
    if (!deps.locks) return deps.rotate(held);
    return deps.locks.request(REFRESH_LOCK, async () => {
      const now = deps.stored();
      if (!now) return 'rejected'; // another tab logged out meanwhile
      if (now !== held) return 'ok'; // another tab refreshed meanwhile
      const outcome = await deps.rotate(held);
      // Storage seen late (another process wrote it just before our turn): a newer token still counts.
      if (outcome === 'rejected') {
        const after = deps.stored();
        if (after && after !== held) return 'ok';
      }
      return outcome;
    });
  }

  return {
    refresh() {
      inflight ??= run().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    async settled() {
      if (inflight) await inflight;
    },
  };
}

async function rotate(refreshToken: string): Promise<RefreshOutcome> {
  try {
    const reply = await exchange({
      method: api.refreshToken.method,
      url: API_BASE + api.refreshToken.path,
      headers: { refreshToken },
    });
    // A server fault is not a verdict on the token: keep the session.
    if (reply.code >= ReplyCode.SERVER_ERROR || reply.code === ReplyCode.TOO_MANY) return 'network';
    if (reply.code !== ReplyCode.OK) return 'rejected';
    setLoginInfo(reply.data as TokenPair);
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return 'network';
    throw err;
  }
}

function browserLocks(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

const refresher = createRefresher({
  locks: browserLocks(),
  stored: () => getLoginInfo()?.refreshToken ?? null,
  rotate,
});

export const refreshSession = (): Promise<RefreshOutcome> => refresher.refresh();

/** Resolves once no refresh is running (requests queue behind it). */
export const refreshSettled = (): Promise<void> => refresher.settled();

/**
 * Token refresh (spec §4): at most one PUT /refreshToken in flight; every request
 * that meets a 401 (or starts meanwhile) waits for it, then retries.
 */
import { API_BASE, ReplyCode, api, type TokenPair } from '@parley/protocol';
import { ApiError } from './ApiError';
import { getLoginInfo, setLoginInfo } from './storage';
import { exchange } from './transport';

/** 'rejected': the refresh token is no good; 'network': we could not ask. */
export type RefreshOutcome = 'ok' | 'rejected' | 'network';

let inflight: Promise<RefreshOutcome> | null = null;

export function refreshSession(): Promise<RefreshOutcome> {
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Resolves once no refresh is running (requests queue behind it). */
export async function refreshSettled(): Promise<void> {
  if (inflight) await inflight;
}

async function doRefresh(): Promise<RefreshOutcome> {
  const info = getLoginInfo();
  if (!info) return 'rejected';
  try {
    const reply = await exchange({
      method: api.refreshToken.method,
      url: API_BASE + api.refreshToken.path,
      headers: { refreshToken: info.refreshToken },
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

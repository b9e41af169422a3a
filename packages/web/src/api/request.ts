/**
 * The request wrapper of spec §7 / wire-contract §1: accessToken header, reply
 * code 200 → data, 401 → one refresh then retry, and each other code turned into
 * the user-visible reaction (toast, logout dialog) before the promise rejects. A call
 * shed under overload (503) is sent again after Retry-After (shed.ts).
 */
import { API_BASE, ReplyCode, RuntimeCode } from '@parley/protocol';
import { errorText, t } from '../i18n';
import { showToast } from '../ui/toast';
import { ApiError } from './ApiError';
import { refreshSession, refreshSettled } from './refresh';
import { sendAgainWhileShed } from './shed';
import { getLoginInfo } from './storage';
import { exchange, type Envelope } from './transport';

export interface RequestOptions {
  method: string;
  /** Path under API_BASE, params already filled. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: FormData;
  auth: boolean;
  /** Reject without a toast: the caller shows the error itself. */
  silent?: boolean;
  /** Upload progress 0-1 (forms only). */
  onUploadProgress?: (fraction: number) => void;
  /** The caller may give up: the request rejects with 600003 (no toast). */
  signal?: AbortSignal;
}

/** Session reactions live in the session module; it registers them at start. */
export interface SessionHooks {
  /** Refresh failed: clear login info and go to login. */
  onSessionExpired(): void;
  /** 403 banned/deleted (key accountBanned / accountDeleted): log out and tell the user why. */
  onAccountBlocked(text: string, key: string | undefined): void;
}

let hooks: SessionHooks = { onSessionExpired: () => undefined, onAccountBlocked: () => undefined };
export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

const ACCOUNT_BLOCKED_KEYS = new Set(['accountBanned', 'accountDeleted']);

export async function request<T>(opts: RequestOptions): Promise<T> {
  let reply: Envelope;
  let sentToken: string | undefined;
  try {
    reply = await sendAgainWhileShed(() => send(opts, (token) => (sentToken = token)), { signal: opts.signal });
    if (reply.code === ReplyCode.UNAUTHORIZED && opts.auth) {
      // Another tab may have refreshed while this request was out: its new token needs no refresh.
      const stored = getLoginInfo()?.accessToken;
      const outcome = stored && stored !== sentToken ? 'ok' : await refreshSession();
      if (outcome === 'ok') reply = await send(opts);
      else if (outcome === 'network') throw new ApiError(RuntimeCode.NETWORK_FAILURE, 'network error', 'networkWeak');
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const text = errorText(err.key, err.message);
    // An abort is the caller's own doing: nothing to tell the user.
    if (!opts.silent && err.code !== RuntimeCode.REQUEST_ABORTED) showToast(text);
    throw new ApiError(err.code, text, err.key);
  }
  if (reply.code === ReplyCode.OK) return reply.data as T;
  throw react(reply, opts);
}

async function send(opts: RequestOptions, onToken?: (token: string | undefined) => void): Promise<Envelope> {
  const headers: Record<string, string> = {};
  if (opts.auth) {
    await refreshSettled();
    const info = getLoginInfo();
    if (info) headers.accessToken = info.accessToken;
    onToken?.(info?.accessToken);
  }
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return exchange({
    method: opts.method,
    url: buildUrl(opts),
    headers,
    body,
    transfer: Boolean(opts.form),
    onUploadProgress: opts.form ? opts.onUploadProgress : undefined,
    signal: opts.signal,
  });
}

function buildUrl(opts: RequestOptions): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return API_BASE + opts.path + (q ? `?${q}` : '');
}

/** Show the reaction to a failed reply and build the rejection. */
function react(reply: Envelope, opts: RequestOptions): ApiError {
  const text = errorText(reply.key, reply.message, reply.params);
  const error = new ApiError(reply.code, text, reply.key, reply.data);
  if (reply.code === ReplyCode.UNAUTHORIZED && opts.auth) {
    hooks.onSessionExpired();
    return error;
  }
  if (reply.code === ReplyCode.FORBIDDEN && (!reply.key || ACCOUNT_BLOCKED_KEYS.has(reply.key))) {
    hooks.onAccountBlocked(text, reply.key);
    return error;
  }
  if (opts.silent) return error;
  if (reply.code >= ReplyCode.SERVER_ERROR) showToast(t('errors.serverBusy'));
  else showToast(text || t('errors.serverBusy'));
  return error;
}

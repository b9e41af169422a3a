/**
 * The private call requests of one call page (docs/CALLS.md §2.2), bound to the peer:
 * quiet variants for the end actions (`callNotFound` on an end action is success,
 * §4), and the keepalive end request for `pagehide` (sendBeacon cannot send the
 * access token header).
 */
import { API_BASE, api, type IceCandidate, type SdpAnswer, type SdpOffer } from '@parley/protocol';
import { ApiError } from '../api/ApiError';
import { call } from '../api/call';
import { getLoginInfo } from '../api/storage';

export type EndAction = 'cancel' | 'reject' | 'handup';

const END_ENDPOINT = {
  cancel: 'privateCallCancel',
  reject: 'privateCallReject',
  handup: 'privateCallHandup',
} as const;

export function callRequests(uid: number) {
  const query = { uid };
  return {
    config: () => call('systemConfig', { silent: true }),
    setup: (mode: 'voice' | 'video') => call('privateCallSetup', { query: { uid, mode } }),
    accept: () => call('privateCallAccept', { query, silent: true }),
    failed: (reason: string) => call('privateCallFailed', { query: { uid, reason }, silent: true }).catch(() => null),
    /** End my side; a call already gone is fine. */
    end: (action: EndAction) => call(END_ENDPOINT[action], { query, silent: true }).catch(() => null),
    offer: (body: SdpOffer) => call('privateCallOffer', { query, body, silent: true }),
    answer: (body: SdpAnswer) => call('privateCallAnswer', { query, body, silent: true }),
    candidates: (body: IceCandidate[]) =>
      call('privateCallCandidate', { query, body: body.length === 1 ? body[0]! : body, silent: true }),
    heartbeat: () => call('privateCallHeartbeat', { query, silent: true }),
    info: () => call('privateCallInfo', { query, silent: true }),
    /** From `pagehide`: the request outlives the page. */
    endOnUnload(action: EndAction): void {
      postOnUnload(`${api[END_ENDPOINT[action]].path}?uid=${uid}`);
    },
  };
}
/** A POST that outlives the page (`pagehide`): fetch with keepalive, as sendBeacon cannot send the token header. */
export function postOnUnload(pathAndQuery: string): void {
  const token = getLoginInfo()?.accessToken;
  if (!token) return;
  void fetch(`${API_BASE}${pathAndQuery}`, { method: 'POST', keepalive: true, headers: { accessToken: token } }).catch(
    () => undefined,
  );
}
export type CallRequests = ReturnType<typeof callRequests>;

/** The catalogue key of a refused request. */
export const keyOf = (err: unknown): string | undefined => (err instanceof ApiError ? err.key : undefined);

/**
 * The group call requests of one call page (docs/CALLS.md §3.2), bound to the group:
 * quiet end actions (a call already gone is fine) and the keepalive end for `pagehide`.
 */
import { api, type IceCandidate, type SdpAnswer, type SdpOffer, type WebrtcUserInfoInput } from '@parley/protocol';
import { call } from '../api/call';
import { postOnUnload } from './requests';

export type GroupEndAction = 'reject' | 'quit' | 'cancel';

const END = { reject: 'groupCallReject', quit: 'groupCallQuit', cancel: 'groupCallCancel' } as const;

export function groupCallRequests(groupId: number) {
  const query = { groupId };
  return {
    config: () => call('systemConfig', { silent: true }),
    info: () => call('groupCallInfo', { query, silent: true }),
    setup: (userInfos: WebrtcUserInfoInput[]) => call('groupCallSetup', { body: { groupId, userInfos } }),
    invite: (userInfos: WebrtcUserInfoInput[]) => call('groupCallInvite', { body: { groupId, userInfos } }),
    accept: () => call('groupCallAccept', { query, silent: true }),
    join: () => call('groupCallJoin', { query }),
    failed: (reason: string) => call('groupCallFailed', { body: { groupId, reason }, silent: true }).catch(() => null),
    end: (action: GroupEndAction) => call(END[action], { query, silent: true }).catch(() => null),
    offer: (userId: number, offer: SdpOffer) =>
      call('groupCallOffer', { body: { groupId, userId, offer }, silent: true }),
    answer: (userId: number, answer: SdpAnswer) =>
      call('groupCallAnswer', { body: { groupId, userId, answer }, silent: true }),
    candidates: (userId: number, batch: IceCandidate[]) =>
      call('groupCallCandidate', {
        body: { groupId, userId, candidate: batch.length === 1 ? batch[0]! : batch },
        silent: true,
      }),
    device: (isCamera: boolean, isMicroPhone: boolean) =>
      call('groupCallDevice', { body: { groupId, isCamera, isMicroPhone }, silent: true }).catch(() => null),
    heartbeat: () => call('groupCallHeartbeat', { query, silent: true }),
    /** From `pagehide`: the request outlives the page. */
    endOnUnload(action: GroupEndAction): void {
      postOnUnload(`${api[END[action]].path}?groupId=${groupId}`);
    },
  };
}
export type GroupCallRequests = ReturnType<typeof groupCallRequests>;

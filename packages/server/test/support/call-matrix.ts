/**
 * The call rows of the authorization matrix (authorization-matrix.test.ts): every
 * private call endpoint × relation. Only a friend (F) can be called; every other
 * relation finds no call. Cells that make a call end it, so A is never left busy.
 */
import { expect } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { allowed, client, refused, selfOnly, tok, ts, w, type Row } from './user-world.js';
import { ANSWER, CANDIDATE, OFFER } from './calls.js';
import { TestSocket } from './ws.js';

type CallEndpoint = Extract<EndpointName, `privateCall${string}` | 'currentCall'>;

const q = (uid: number, extra: Record<string, string> = {}) => ({ query: { uid, ...extra } });

/** A calls F (F accepts on WEB), runs `work` as A, then ends the call if it still runs. */
async function inCallWithF(work: () => Promise<void>, accept = true): Promise<void> {
  await allowed('privateCallSetup', q(w.f.id));
  try {
    if (accept) await client.ok('privateCallAccept', { token: tok(w.f), ...q(w.a.id) });
    await work();
  } finally {
    await client.call('privateCallHandup', { token: tok(w.a), ...q(w.f.id) });
  }
}

/** F calls A (A briefly online on WEB), then `work` as A, then ends the call if it still runs. */
async function ringingFromF(work: () => Promise<void>): Promise<void> {
  const socket = await TestSocket.login(ts.wsUrl, tok(w.a));
  try {
    await client.ok('privateCallSetup', { token: tok(w.f), ...q(w.a.id) });
    await work();
  } finally {
    await client.call('privateCallHandup', { token: tok(w.f), ...q(w.a.id) });
    socket.close();
  }
}

/** No call between A and the other party: every call action answers callNotFound. */
function noCallRow(name: CallEndpoint, extra: Record<string, unknown> = {}, other: () => Promise<void>): Row {
  return {
    stranger: () => refused(name, 'callNotFound', { ...q(w.s.id), ...extra }),
    nonFriend: () => refused(name, 'callNotFound', { ...q(w.x.id), ...extra }),
    blocked: () => refused(name, 'callNotFound', { ...q(w.k.id), ...extra }),
    other,
    owner: () => refused(name, 'callNotFound', { ...q(w.a.id), ...extra }),
  };
}

const relay = (name: 'privateCallOffer' | 'privateCallAnswer' | 'privateCallCandidate', body: unknown) =>
  noCallRow(name, { body }, () =>
    inCallWithF(async () => {
      await allowed(name, { ...q(w.f.id), body });
    }),
  );

export const callRows = (): Record<CallEndpoint, Row> => ({
  privateCallSetup: {
    stranger: () => refused('privateCallSetup', 'callNotFriend', q(w.s.id)),
    nonFriend: () => refused('privateCallSetup', 'callNotFriend', q(w.x.id)),
    blocked: () => refused('privateCallSetup', 'blockedByOther', q(w.k.id)),
    other: () => inCallWithF(async () => undefined, false),
    owner: () => refused('privateCallSetup', 'cannotCallSelf', q(w.a.id)),
  },
  privateCallAccept: noCallRow('privateCallAccept', {}, () =>
    ringingFromF(async () => {
      await allowed('privateCallAccept', q(w.f.id));
    }),
  ),
  privateCallReject: noCallRow('privateCallReject', {}, () =>
    ringingFromF(async () => {
      await allowed('privateCallReject', q(w.f.id));
    }),
  ),
  privateCallCancel: noCallRow('privateCallCancel', {}, () =>
    inCallWithF(async () => {
      await allowed('privateCallCancel', q(w.f.id));
    }, false),
  ),
  privateCallHandup: noCallRow('privateCallHandup', {}, () =>
    inCallWithF(async () => {
      await allowed('privateCallHandup', q(w.f.id));
    }),
  ),
  privateCallFailed: noCallRow('privateCallFailed', {}, () =>
    inCallWithF(async () => {
      await allowed('privateCallFailed', q(w.f.id, { reason: 'connectionFailed' }));
    }),
  ),
  privateCallOffer: relay('privateCallOffer', OFFER),
  privateCallAnswer: relay('privateCallAnswer', ANSWER),
  privateCallCandidate: relay('privateCallCandidate', CANDIDATE),
  privateCallHeartbeat: noCallRow('privateCallHeartbeat', {}, () =>
    inCallWithF(async () => {
      await allowed('privateCallHeartbeat', q(w.f.id));
    }),
  ),
  privateCallInfo: {
    stranger: async () => expect(await allowed('privateCallInfo', q(w.s.id))).toEqual({ isChating: false }),
    nonFriend: async () => expect(await allowed('privateCallInfo', q(w.x.id))).toEqual({ isChating: false }),
    blocked: async () => expect(await allowed('privateCallInfo', q(w.k.id))).toEqual({ isChating: false }),
    other: () =>
      inCallWithF(async () => {
        expect((await allowed('privateCallInfo', q(w.f.id))).isChating).toBe(true);
        // A third party learns nothing of A and F's call.
        expect(await client.ok('privateCallInfo', { token: tok(w.s), ...q(w.f.id) })).toEqual({ isChating: false });
      }),
    owner: async () => expect(await allowed('privateCallInfo', q(w.a.id))).toEqual({ isChating: false }),
  },
  currentCall: selfOnly(async () => {
    expect(await allowed('currentCall')).toEqual({ kind: null });
    await inCallWithF(async () => {
      expect(await allowed('currentCall')).toMatchObject({ kind: 'private', uid: w.f.id, isHost: true });
    });
  }),
});

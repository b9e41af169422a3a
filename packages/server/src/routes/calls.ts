/** Thin handlers for calls (wire-contract §8, docs/CALLS.md): private calls; GET /webrtc/current. */
import { candidateList } from '@parley/protocol';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const callRoutes = ({ privateCalls: calls }: Services) => {
  const privateCallSetup: Handler<'privateCallSetup'> = ({ auth, query }) =>
    calls.setup(auth.userId, auth.terminal, query.uid, query.mode);
  const privateCallAccept: Handler<'privateCallAccept'> = ({ auth, query }) =>
    calls.accept(auth.userId, auth.terminal, query.uid);
  // reject, cancel and handup are one action: the call's state and who asks decide the outcome.
  const privateCallReject: Handler<'privateCallReject'> = ({ auth, query }) =>
    calls.end(auth.userId, auth.terminal, query.uid);
  const privateCallCancel: Handler<'privateCallCancel'> = ({ auth, query }) =>
    calls.end(auth.userId, auth.terminal, query.uid);
  const privateCallHandup: Handler<'privateCallHandup'> = ({ auth, query }) =>
    calls.end(auth.userId, auth.terminal, query.uid);
  const privateCallFailed: Handler<'privateCallFailed'> = ({ auth, query }) =>
    calls.failed(auth.userId, auth.terminal, query.uid, query.reason);
  const privateCallOffer: Handler<'privateCallOffer'> = ({ auth, query, body }) =>
    calls.offer(auth.userId, auth.terminal, query.uid, body);
  const privateCallAnswer: Handler<'privateCallAnswer'> = ({ auth, query, body }) =>
    calls.answer(auth.userId, auth.terminal, query.uid, body);
  const privateCallCandidate: Handler<'privateCallCandidate'> = ({ auth, query, body }) =>
    calls.candidate(auth.userId, auth.terminal, query.uid, candidateList(body));
  const privateCallHeartbeat: Handler<'privateCallHeartbeat'> = ({ auth, query }) =>
    calls.heartbeat(auth.userId, auth.terminal, query.uid);
  const privateCallInfo: Handler<'privateCallInfo'> = ({ auth, query }) => calls.info(auth.userId, query.uid);
  const currentCall: Handler<'currentCall'> = ({ auth }) => calls.current(auth.userId);

  return {
    privateCallSetup,
    privateCallAccept,
    privateCallReject,
    privateCallCancel,
    privateCallHandup,
    privateCallFailed,
    privateCallOffer,
    privateCallAnswer,
    privateCallCandidate,
    privateCallHeartbeat,
    privateCallInfo,
    currentCall,
  };
};

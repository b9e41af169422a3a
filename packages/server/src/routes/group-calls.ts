/** Thin handlers for group calls (wire-contract §8, docs/CALLS.md §3). */
import { GroupCallSignal, candidateList } from '@parley/protocol';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const groupCallRoutes = ({ groupCalls: calls }: Services) => {
  const groupCallSetup: Handler<'groupCallSetup'> = ({ auth, body }) => calls.setup(auth.userId, auth.terminal, body);
  const groupCallAccept: Handler<'groupCallAccept'> = ({ auth, query }) =>
    calls.accept(auth.userId, auth.terminal, query.groupId);
  const groupCallReject: Handler<'groupCallReject'> = ({ auth, query }) =>
    calls.reject(auth.userId, auth.terminal, query.groupId);
  const groupCallFailed: Handler<'groupCallFailed'> = ({ auth, body }) =>
    calls.failed(auth.userId, auth.terminal, body.groupId, body.reason);
  const groupCallJoin: Handler<'groupCallJoin'> = ({ auth, query }) =>
    calls.join(auth.userId, auth.terminal, query.groupId);
  const groupCallCancel: Handler<'groupCallCancel'> = ({ auth, query }) =>
    calls.cancel(auth.userId, auth.terminal, query.groupId);
  const groupCallQuit: Handler<'groupCallQuit'> = ({ auth, query }) =>
    calls.quit(auth.userId, auth.terminal, query.groupId);
  const groupCallInvite: Handler<'groupCallInvite'> = ({ auth, body }) =>
    calls.invite(auth.userId, auth.terminal, body);
  const groupCallOffer: Handler<'groupCallOffer'> = ({ auth, body }) =>
    calls.relay(auth.userId, auth.terminal, body.groupId, GroupCallSignal.OFFER, body.userId, [
      JSON.stringify(body.offer),
    ]);
  const groupCallAnswer: Handler<'groupCallAnswer'> = ({ auth, body }) =>
    calls.relay(auth.userId, auth.terminal, body.groupId, GroupCallSignal.ANSWER, body.userId, [
      JSON.stringify(body.answer),
    ]);
  const groupCallCandidate: Handler<'groupCallCandidate'> = ({ auth, body }) =>
    calls.relay(
      auth.userId,
      auth.terminal,
      body.groupId,
      GroupCallSignal.CANDIDATE,
      body.userId,
      candidateList(body.candidate).map((c) => JSON.stringify(c)),
    );
  const groupCallDevice: Handler<'groupCallDevice'> = ({ auth, body }) =>
    calls.device(auth.userId, auth.terminal, body.groupId, body.isCamera, body.isMicroPhone);
  const groupCallHeartbeat: Handler<'groupCallHeartbeat'> = ({ auth, query }) =>
    calls.heartbeat(auth.userId, auth.terminal, query.groupId);
  const groupCallInfo: Handler<'groupCallInfo'> = ({ auth, query }) => calls.info(auth.userId, query.groupId);

  return {
    groupCallSetup,
    groupCallAccept,
    groupCallReject,
    groupCallFailed,
    groupCallJoin,
    groupCallCancel,
    groupCallQuit,
    groupCallInvite,
    groupCallOffer,
    groupCallAnswer,
    groupCallCandidate,
    groupCallDevice,
    groupCallHeartbeat,
    groupCallInfo,
  };
};

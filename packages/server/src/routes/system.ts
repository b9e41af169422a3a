/** Thin handlers for wire-contract §6: system notifications (docs/PROTOCOL.md "System notifications"). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const systemRoutes = ({ systemMessages }: Services) => {
  const systemPullOffline: Handler<'systemPullOffline'> = async ({ auth, query }) => {
    await systemMessages.pullOffline(auth.userId, auth.terminal, query.minSeqNo);
    return null;
  };
  const systemContent: Handler<'systemContent'> = ({ auth, query }) => systemMessages.content(auth.userId, query.id);
  const systemReaded: Handler<'systemReaded'> = async ({ auth, query }) => {
    await systemMessages.readed(auth.userId, auth.terminal, query.maxSeqNo);
    return null;
  };
  const systemMaxReadedSeqNo: Handler<'systemMaxReadedSeqNo'> = ({ auth }) =>
    systemMessages.maxReadedSeqNo(auth.userId);
  return { systemPullOffline, systemContent, systemReaded, systemMaxReadedSeqNo };
};

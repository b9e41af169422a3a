/** Thin handlers for web push registration (wire-contract §3 reportCid/removeCid); the work is in services/push-notify. */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const pushRoutes = ({ pushNotify }: Services) => {
  const userReportCid: Handler<'userReportCid'> = async ({ auth, query, body }) => {
    await pushNotify.subscriptions.report(auth, query.cid, body);
    return null;
  };
  const userRemoveCid: Handler<'userRemoveCid'> = async ({ auth }) => {
    await pushNotify.subscriptions.removeSession(auth.sessionId);
    return null;
  };
  const userPushKey: Handler<'userPushKey'> = async () => ({ publicKey: pushNotify.publicKey });
  return { userReportCid, userRemoveCid, userPushKey };
};

/** Thin handlers for wire-contract §4: friends, blocklist, complaints. */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const contactRoutes = ({ friends, blacklist, complaints }: Services) => {
  const friendList: Handler<'friendList'> = ({ auth }) => friends.list(auth.userId);
  const friendAdd: Handler<'friendAdd'> = async ({ auth, query }) => {
    await friends.add(auth.userId, query.friendId);
    return null;
  };
  const friendFind: Handler<'friendFind'> = ({ auth, params }) => friends.find(auth.userId, params.friendId);
  const friendDelete: Handler<'friendDelete'> = async ({ auth, params }) => {
    await friends.delete(auth.userId, params.friendId);
    return null;
  };
  const friendRemark: Handler<'friendRemark'> = async ({ auth, body }) => {
    await friends.remark(auth.userId, body.friendId, body.remark);
    return null;
  };
  const friendDnd: Handler<'friendDnd'> = async ({ auth, body }) => {
    await friends.dnd(auth.userId, body.friendId, body.isDnd);
    return null;
  };

  const blacklistList: Handler<'blacklistList'> = ({ auth }) => blacklist.list(auth.userId);
  const blacklistAdd: Handler<'blacklistAdd'> = async ({ auth, query }) => {
    await blacklist.add(auth.userId, query.userId);
    return null;
  };
  const blacklistRemove: Handler<'blacklistRemove'> = async ({ auth, query }) => {
    await blacklist.remove(auth.userId, query.userId);
    return null;
  };

  const complaintInitiate: Handler<'complaintInitiate'> = async ({ auth, body, setMessage }) => {
    const { hours } = await complaints.initiate(auth.userId, body);
    setMessage('complaintSubmitted', { hours });
    return null;
  };
  const complaintPage: Handler<'complaintPage'> = ({ auth, query }) => complaints.page(auth.userId, query);
  const complaintInfo: Handler<'complaintInfo'> = ({ auth, query }) => complaints.info(auth.userId, query.id);

  return {
    friendList,
    friendAdd,
    friendFind,
    friendDelete,
    friendRemark,
    friendDnd,
    blacklistList,
    blacklistAdd,
    blacklistRemove,
    complaintInitiate,
    complaintPage,
    complaintInfo,
  };
};

/** Thin handlers for wire-contract §4: friends, blocklist, complaints. */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const contactRoutes = ({ friends, friendRequests, blacklist, complaints }: Services) => {
  const friendList: Handler<'friendList'> = ({ auth }) => friends.list(auth.userId);
  // Old clients: a target who requires approval gets a request without greeting (docs/PROTOCOL.md "Friend requests").
  const friendAdd: Handler<'friendAdd'> = async ({ auth, query }) => {
    await friendRequests.request(auth.userId, query.friendId);
    return null;
  };
  const friendRequest: Handler<'friendRequest'> = ({ auth, body }) =>
    friendRequests.request(auth.userId, body.friendId, body.greeting);
  const friendRequestList: Handler<'friendRequests'> = ({ auth }) => friendRequests.list(auth.userId);
  const friendRequestAccept: Handler<'friendRequestAccept'> = ({ auth, params }) =>
    friendRequests.accept(auth.userId, params.id);
  const friendRequestDecline: Handler<'friendRequestDecline'> = ({ auth, params }) =>
    friendRequests.decline(auth.userId, params.id);
  const friendRequestCancel: Handler<'friendRequestCancel'> = ({ auth, params }) =>
    friendRequests.cancel(auth.userId, params.id);
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
    friendRequest,
    friendRequests: friendRequestList,
    friendRequestAccept,
    friendRequestDecline,
    friendRequestCancel,
    blacklistList,
    blacklistAdd,
    blacklistRemove,
    complaintInitiate,
    complaintPage,
    complaintInfo,
  };
};

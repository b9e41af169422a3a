/** Thin handlers for wire-contract §6: private messages, and link previews (any chat). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const messageRoutes = ({ privateMessages, privateEdits, privateSync, linkPreviews }: Services) => {
  const privateSend: Handler<'privateSend'> = ({ auth, body }) =>
    privateMessages.send(auth.userId, auth.terminal, body);
  const privateRecall: Handler<'privateRecall'> = ({ auth, params }) => privateMessages.recall(auth.userId, params.id);
  const privateEdit: Handler<'privateEdit'> = ({ auth, params, body }) =>
    privateEdits.edit(auth.userId, params.id, body);
  const privatePullOffline: Handler<'privatePullOffline'> = async ({ auth, query }) => {
    await privateSync.pullOffline(auth.userId, auth.terminal, query.minId);
    return null;
  };
  const privateReaded: Handler<'privateReaded'> = async ({ auth, query }) => {
    await privateSync.readed(auth.userId, auth.terminal, query.friendId);
    return null;
  };
  const privateMaxReadedId: Handler<'privateMaxReadedId'> = ({ auth, query }) =>
    privateSync.maxReadedId(auth.userId, query.friendId);
  const privateHistory: Handler<'privateHistory'> = ({ auth, query }) =>
    privateSync.history(auth.userId, query.friendId, query.page, query.size);
  const linkPreview: Handler<'linkPreview'> = ({ auth, body }) => linkPreviews.preview(auth.userId, body.url);
  return {
    privateSend,
    linkPreview,
    privateRecall,
    privateEdit,
    privatePullOffline,
    privateReaded,
    privateMaxReadedId,
    privateHistory,
  };
};

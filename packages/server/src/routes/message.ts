/** Thin handlers for wire-contract §6: private messages, and link previews (any chat). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';
import { ReactionKind } from '../services/reactions/summary.js';

export const messageRoutes = ({
  privateMessages,
  privateEdits,
  privatePins,
  privateSync,
  linkPreviews,
  reactions,
}: Services) => {
  const privateSend: Handler<'privateSend'> = ({ auth, body }) =>
    privateMessages.send(auth.userId, auth.terminal, body);
  const privateRecall: Handler<'privateRecall'> = ({ auth, params }) => privateMessages.recall(auth.userId, params.id);
  const privateEdit: Handler<'privateEdit'> = ({ auth, params, body }) =>
    privateEdits.edit(auth.userId, params.id, body);
  const privatePin: Handler<'privatePin'> = ({ auth, params }) => privatePins.setPinned(auth.userId, params.id, true);
  const privateUnpin: Handler<'privateUnpin'> = ({ auth, params }) =>
    privatePins.setPinned(auth.userId, params.id, false);
  const privatePinList: Handler<'privatePins'> = ({ auth, query }) => privatePins.list(auth.userId, query.friendId);
  const privateReact: Handler<'privateReact'> = ({ auth, params, body }) =>
    reactions.react(ReactionKind.PRIVATE, auth.userId, params.id, body.emoji);
  const privateReactions: Handler<'privateReactions'> = ({ auth, query }) =>
    reactions.reactors(ReactionKind.PRIVATE, auth.userId, query);
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
    privatePin,
    privateUnpin,
    privatePins: privatePinList,
    privateReact,
    privateReactions,
    privatePullOffline,
    privateReaded,
    privateMaxReadedId,
    privateHistory,
  };
};

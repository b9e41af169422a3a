/** Thin handlers of the chat details endpoints (docs/PROTOCOL.md "Chat details"). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const chatDetailsRoutes = ({ friends, groupRoles, shared }: Services) => {
  const friendTop: Handler<'friendTop'> = async ({ auth, body }) => {
    await friends.top(auth.userId, body.friendId, body.isTop);
    return null;
  };
  const groupTop: Handler<'groupTop'> = async ({ auth, body }) => {
    await groupRoles.top(auth.userId, body.groupId, body.isTop);
    return null;
  };
  const privateShared: Handler<'privateShared'> = ({ auth, query }) => shared.privateShared(auth.userId, query);
  const groupShared: Handler<'groupShared'> = ({ auth, query }) => shared.groupShared(auth.userId, query);
  return { friendTop, groupTop, privateShared, groupShared };
};

/** Thin handlers for wire-contract §3; the work is in UserService. */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const userRoutes = ({ users }: Services) => {
  // The role is the caller's own business: only /user/self carries it.
  const userSelf: Handler<'userSelf'> = ({ auth }) => users.self(auth);
  const userFind: Handler<'userFind'> = ({ auth, params }) => users.find(auth, params.id);
  const userUpdate: Handler<'userUpdate'> = async ({ auth, body }) => {
    await users.update(auth, body);
    return null;
  };
  const userPrivacy: Handler<'userPrivacy'> = async ({ auth, body }) => {
    await users.privacy(auth, body);
    return null;
  };
  const userFindByName: Handler<'userFindByName'> = ({ auth, query }) => users.findByName(auth, query.name);
  const userTerminalOnline: Handler<'userTerminalOnline'> = ({ auth, query }) =>
    users.terminalOnline(auth, query.userIds);
  const userUpdateOnlineTime: Handler<'userUpdateOnlineTime'> = async ({ auth }) => {
    await users.updateOnlineTime(auth);
    return null;
  };
  return { userSelf, userFind, userUpdate, userPrivacy, userFindByName, userTerminalOnline, userUpdateOnlineTime };
};

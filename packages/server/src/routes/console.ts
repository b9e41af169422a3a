/**
 * Thin handlers for the moderation console (docs/PROTOCOL.md "Moderation console").
 * Every call checks the operator role first, on the server, every time.
 */
import type { Handler } from '../http/handlers.js';
import type { AuthInfo } from '../services/auth.js';
import { ConsoleService } from '../services/console/console-service.js';
import type { Services } from '../services/index.js';

/** The caller's id when they are an operator; notOperator (403) otherwise. */
const operator = (auth: AuthInfo): number => {
  ConsoleService.assertOperator(auth.user);
  return auth.userId;
};

export const consoleRoutes = ({ console: admin, consoleComplaints: complaints, discover }: Services) => {
  const consoleComplaints: Handler<'consoleComplaints'> = ({ auth, query }) => {
    operator(auth);
    return complaints.list(query.status, query.page ?? 1);
  };
  const consoleComplaint: Handler<'consoleComplaint'> = ({ auth, query }) => {
    operator(auth);
    return complaints.detail(query.id);
  };
  const consoleComplaintResolve: Handler<'consoleComplaintResolve'> = ({ auth, body }) =>
    complaints.resolve(operator(auth), body);
  const consoleUsers: Handler<'consoleUsers'> = ({ auth, query }) => {
    operator(auth);
    return admin.users(query.keyword, query.page ?? 1);
  };
  const consoleUser: Handler<'consoleUser'> = ({ auth, query }) => {
    operator(auth);
    return admin.user(query.id);
  };
  const consoleUserBan: Handler<'consoleUserBan'> = ({ auth, body }) =>
    admin.banUser(operator(auth), body.id, body.reason);
  const consoleUserUnban: Handler<'consoleUserUnban'> = ({ auth, body }) => admin.unbanUser(operator(auth), body.id);
  const consoleUserDelete: Handler<'consoleUserDelete'> = ({ auth, body }) => admin.deleteUser(operator(auth), body.id);
  const consoleGroups: Handler<'consoleGroups'> = ({ auth, query }) => {
    operator(auth);
    return admin.groups(query.keyword, query.page ?? 1);
  };
  const consoleGroup: Handler<'consoleGroup'> = ({ auth, query }) => {
    operator(auth);
    return admin.group(query.id);
  };
  const consoleGroupBan: Handler<'consoleGroupBan'> = ({ auth, body }) =>
    admin.banGroup(operator(auth), body.id, body.reason);
  const consoleGroupUnban: Handler<'consoleGroupUnban'> = ({ auth, body }) => admin.unbanGroup(operator(auth), body.id);
  const consoleSystemSend: Handler<'consoleSystemSend'> = ({ auth, body }) => admin.sendSystem(operator(auth), body);
  const consoleSystemList: Handler<'consoleSystemList'> = ({ auth, query }) => {
    operator(auth);
    return admin.systemList(query.page ?? 1);
  };
  const consoleAudit: Handler<'consoleAudit'> = ({ auth, query }) => {
    operator(auth);
    return admin.auditLog(query.page ?? 1);
  };
  const consoleDiscoverSave: Handler<'consoleDiscoverSave'> = ({ auth, body }) => discover.save(operator(auth), body);
  const consoleDiscoverDelete: Handler<'consoleDiscoverDelete'> = async ({ auth, body }) => {
    await discover.remove(operator(auth), body.id);
    return null;
  };
  return {
    consoleComplaints,
    consoleComplaint,
    consoleComplaintResolve,
    consoleUsers,
    consoleUser,
    consoleUserBan,
    consoleUserUnban,
    consoleUserDelete,
    consoleGroups,
    consoleGroup,
    consoleGroupBan,
    consoleGroupUnban,
    consoleSystemSend,
    consoleSystemList,
    consoleAudit,
    consoleDiscoverSave,
    consoleDiscoverDelete,
  };
};

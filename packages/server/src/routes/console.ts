/**
 * Thin handlers for the moderation console (docs/PROTOCOL.md "Moderation console").
 * Every call checks the operator role first, on the server, every time.
 */
import type { Handler } from '../http/handlers.js';
import type { AuthInfo } from '../services/auth.js';
import { ConsoleService } from '../services/console/console-service.js';
import type { Services } from '../services/index.js';

export const consoleRoutes = ({ console: admin, consoleComplaints: complaints, discover, facts }: Services) => {
  /**
   * The caller's id when they are an operator; notOperator (403) otherwise. Read from
   * the database, not the cached account: the role is also changed from outside the
   * server (`npm run operator`), and a revoked operator is refused at once.
   */
  const operator = async (auth: AuthInfo): Promise<number> => {
    ConsoleService.assertOperator((await facts.freshUser(auth.userId)) ?? { is_operator: 0 });
    return auth.userId;
  };
  const consoleComplaints: Handler<'consoleComplaints'> = async ({ auth, query }) => {
    await operator(auth);
    return complaints.list(query.status, query.page ?? 1);
  };
  const consoleComplaint: Handler<'consoleComplaint'> = async ({ auth, query }) => {
    await operator(auth);
    return complaints.detail(query.id);
  };
  const consoleComplaintResolve: Handler<'consoleComplaintResolve'> = async ({ auth, body }) =>
    complaints.resolve(await operator(auth), body);
  const consoleUsers: Handler<'consoleUsers'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.users(query.keyword, query.page ?? 1);
  };
  const consoleUser: Handler<'consoleUser'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.user(query.id);
  };
  const consoleUserBan: Handler<'consoleUserBan'> = async ({ auth, body }) =>
    admin.banUser(await operator(auth), body.id, body.reason);
  const consoleUserUnban: Handler<'consoleUserUnban'> = async ({ auth, body }) =>
    admin.unbanUser(await operator(auth), body.id);
  const consoleUserDelete: Handler<'consoleUserDelete'> = async ({ auth, body }) =>
    admin.deleteUser(await operator(auth), body.id);
  const consoleGroups: Handler<'consoleGroups'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.groups(query.keyword, query.page ?? 1);
  };
  const consoleGroup: Handler<'consoleGroup'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.group(query.id);
  };
  const consoleGroupBan: Handler<'consoleGroupBan'> = async ({ auth, body }) =>
    admin.banGroup(await operator(auth), body.id, body.reason);
  const consoleGroupUnban: Handler<'consoleGroupUnban'> = async ({ auth, body }) =>
    admin.unbanGroup(await operator(auth), body.id);
  const consoleSystemSend: Handler<'consoleSystemSend'> = async ({ auth, body }) =>
    admin.sendSystem(await operator(auth), body);
  const consoleSystemList: Handler<'consoleSystemList'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.systemList(query.page ?? 1);
  };
  const consoleAudit: Handler<'consoleAudit'> = async ({ auth, query }) => {
    await operator(auth);
    return admin.auditLog(query.page ?? 1);
  };
  const consoleDiscoverSave: Handler<'consoleDiscoverSave'> = async ({ auth, body }) =>
    discover.save(await operator(auth), body);
  const consoleDiscoverDelete: Handler<'consoleDiscoverDelete'> = async ({ auth, body }) => {
    await discover.remove(await operator(auth), body.id);
    return null;
  };
  const consoleDiscoverReorder: Handler<'consoleDiscoverReorder'> = async ({ auth, body }) =>
    discover.reorder(await operator(auth), body.ids);
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
    consoleDiscoverReorder,
  };
};

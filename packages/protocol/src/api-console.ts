/** The moderation console and Discover endpoints (docs/PROTOCOL.md), spread into `api`. */
import { z } from 'zod';
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import {
  auditEntry,
  consoleBanRequest,
  consoleComplaint,
  consoleComplaintDetail,
  consoleComplaintsQuery,
  consoleGroup,
  consoleIdQuery,
  consoleIdRequest,
  consolePage,
  consolePageQuery,
  consoleResolveRequest,
  consoleSearchQuery,
  consoleSystemItem,
  consoleSystemSendRequest,
  consoleSystemSendResult,
  consoleUser,
} from './schemas/console.js';
import {
  discoverDeleteRequest,
  discoverLink,
  discoverReorderRequest,
  discoverSaveRequest,
} from './schemas/discover.js';

export const consoleEndpoints = {
  // moderation console: operators only (403 notOperator otherwise)
  consoleComplaints: e({
    method: 'GET',
    path: '/console/complaints',
    auth: true,
    query: consoleComplaintsQuery,
    reply: consolePage(consoleComplaint),
  }),
  consoleComplaint: e({
    method: 'GET',
    path: '/console/complaint',
    auth: true,
    query: consoleIdQuery,
    reply: consoleComplaintDetail,
  }),
  consoleComplaintResolve: e({
    method: 'POST',
    path: '/console/complaint/resolve',
    auth: true,
    body: consoleResolveRequest,
    reply: consoleComplaint,
  }),
  consoleUsers: e({
    method: 'GET',
    path: '/console/users',
    auth: true,
    query: consoleSearchQuery,
    reply: consolePage(consoleUser),
  }),
  consoleUser: e({ method: 'GET', path: '/console/user', auth: true, query: consoleIdQuery, reply: consoleUser }),
  consoleUserBan: e({
    method: 'POST',
    path: '/console/user/ban',
    auth: true,
    body: consoleBanRequest,
    reply: consoleUser,
  }),
  consoleUserUnban: e({
    method: 'POST',
    path: '/console/user/unban',
    auth: true,
    body: consoleIdRequest,
    reply: consoleUser,
  }),
  consoleUserDelete: e({
    method: 'POST',
    path: '/console/user/delete',
    auth: true,
    body: consoleIdRequest,
    reply: consoleUser,
  }),
  consoleGroups: e({
    method: 'GET',
    path: '/console/groups',
    auth: true,
    query: consoleSearchQuery,
    reply: consolePage(consoleGroup),
  }),
  consoleGroup: e({ method: 'GET', path: '/console/group', auth: true, query: consoleIdQuery, reply: consoleGroup }),
  consoleGroupBan: e({
    method: 'POST',
    path: '/console/group/ban',
    auth: true,
    body: consoleBanRequest,
    reply: consoleGroup,
  }),
  consoleGroupUnban: e({
    method: 'POST',
    path: '/console/group/unban',
    auth: true,
    body: consoleIdRequest,
    reply: consoleGroup,
  }),
  consoleSystemSend: e({
    method: 'POST',
    path: '/console/system/send',
    auth: true,
    // 20,000 characters of CJK text are ~60 KB of UTF-8 before JSON escapes.
    bodyLimit: 256 * 1024,
    body: consoleSystemSendRequest,
    reply: consoleSystemSendResult,
  }),
  consoleSystemList: e({
    method: 'GET',
    path: '/console/system/list',
    auth: true,
    query: consolePageQuery,
    reply: consolePage(consoleSystemItem),
  }),
  consoleAudit: e({
    method: 'GET',
    path: '/console/audit',
    auth: true,
    query: consolePageQuery,
    reply: consolePage(auditEntry),
  }),
  consoleDiscoverSave: e({
    method: 'POST',
    path: '/console/discover/save',
    auth: true,
    body: discoverSaveRequest,
    reply: discoverLink,
  }),
  consoleDiscoverDelete: e({
    method: 'POST',
    path: '/console/discover/delete',
    auth: true,
    body: discoverDeleteRequest,
    reply: nothing,
  }),
  /** The console's move up / down: every listed link renumbered in one step, one audit row. */
  consoleDiscoverReorder: e({
    method: 'POST',
    path: '/console/discover/reorder',
    auth: true,
    body: discoverReorderRequest,
    reply: z.array(discoverLink),
  }),
  // Discover: any signed-in user
  discoverLinks: e({ method: 'GET', path: '/discover/links', auth: true, reply: z.array(discoverLink) }),
} as const satisfies Record<string, Endpoint>;

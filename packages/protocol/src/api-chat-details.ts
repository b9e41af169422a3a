/** Chat details endpoints (issue 22 point 4, docs/PROTOCOL.md "Chat details"), spread into `api`. */
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import {
  friendTopRequest,
  groupSharedQuery,
  groupSharedReply,
  groupTopRequest,
  privateSharedQuery,
  privateSharedReply,
} from './schemas/chat-details.js';

export const chatDetailsEndpoints = {
  /** Pins my chat with a friend to the top (or unpins it); my terminals get FRIEND_UPDATE (82). */
  friendTop: e({ method: 'PUT', path: '/friend/top', auth: true, body: friendTopRequest, reply: nothing }),
  /** Pins my group chat to the top (or unpins it); my terminals get GROUP_UPDATE (92). */
  groupTop: e({ method: 'PUT', path: '/group/top', auth: true, body: groupTopRequest, reply: nothing }),
  privateShared: e({
    method: 'GET',
    path: '/message/private/shared',
    auth: true,
    query: privateSharedQuery,
    reply: privateSharedReply,
  }),
  groupShared: e({
    method: 'GET',
    path: '/message/group/shared',
    auth: true,
    query: groupSharedQuery,
    reply: groupSharedReply,
  }),
} as const satisfies Record<string, Endpoint>;

/** The friend request endpoints (issue 22 point 1, docs/PROTOCOL.md "Friend requests"), spread into `api`. */
import { z } from 'zod';
import { e, type Endpoint } from './api-endpoint.js';
import {
  friendRequest,
  friendRequestIdParams,
  friendRequestReply,
  friendRequestRequest,
} from './schemas/friend-request.js';

export const friendRequestEndpoints = {
  friendRequest: e({
    method: 'POST',
    path: '/friend/request',
    auth: true,
    body: friendRequestRequest,
    reply: friendRequestReply,
  }),
  friendRequests: e({ method: 'GET', path: '/friend/requests', auth: true, reply: z.array(friendRequest) }),
  friendRequestAccept: e({
    method: 'PUT',
    path: '/friend/request/accept/:id',
    auth: true,
    params: friendRequestIdParams,
    reply: friendRequest,
  }),
  friendRequestDecline: e({
    method: 'PUT',
    path: '/friend/request/decline/:id',
    auth: true,
    params: friendRequestIdParams,
    reply: friendRequest,
  }),
  friendRequestCancel: e({
    method: 'DELETE',
    path: '/friend/request/:id',
    auth: true,
    params: friendRequestIdParams,
    reply: friendRequest,
  }),
} as const satisfies Record<string, Endpoint>;

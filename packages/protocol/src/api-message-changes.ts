/**
 * Changes to a stored message after it was sent (issue 21, docs/PROTOCOL.md "Edit",
 * "Reactions", "Pinned messages", "Link previews"), private and group, spread into `api`.
 */
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import { groupMessage } from './schemas/group-message.js';
import { groupEditRequest, privateEditRequest } from './schemas/message-edit.js';
import { linkPreview, linkPreviewRequest } from './schemas/link-preview.js';
import {
  groupPinByMembersRequest,
  groupPins,
  groupPinsQuery,
  privatePins,
  privatePinsQuery,
} from './schemas/message-pin.js';
import { reactReply, reactRequest, reactorsQuery, reactorsReply } from './schemas/message-reaction.js';
import { privateMessage } from './schemas/message.js';
import { messageIdParams } from './schemas/private-message.js';

export const messageChangeEndpoints = {
  /** Replies the stored EDIT (13) message, also pushed to every terminal of both users. */
  privateEdit: e({
    method: 'PUT',
    path: '/message/private/edit/:id',
    auth: true,
    params: messageIdParams,
    body: privateEditRequest,
    reply: privateMessage,
  }),
  /** Pin and unpin: no body; a PIN (15) message to every terminal of both users, none when nothing changed. */
  privatePin: e({
    method: 'PUT',
    path: '/message/private/pin/:id',
    auth: true,
    params: messageIdParams,
    reply: nothing,
  }),
  privateUnpin: e({
    method: 'PUT',
    path: '/message/private/unpin/:id',
    auth: true,
    params: messageIdParams,
    reply: nothing,
  }),
  privatePins: e({
    method: 'GET',
    path: '/message/private/pins',
    auth: true,
    query: privatePinsQuery,
    reply: privatePins,
  }),
  /** Sets, switches or takes off my reaction (docs/PROTOCOL.md "Reactions"); the REACTION notice follows on the socket. */
  privateReact: e({
    method: 'PUT',
    path: '/message/private/react/:id',
    auth: true,
    params: messageIdParams,
    body: reactRequest,
    reply: reactReply,
  }),
  /** Who reacted to a message, most recent first, a page at a time. */
  privateReactions: e({
    method: 'GET',
    path: '/message/private/reactions',
    auth: true,
    query: reactorsQuery,
    reply: reactorsReply,
  }),
  /** The preview of a link (docs/PROTOCOL.md "Link previews"); cached a day per URL. */
  linkPreview: e({
    method: 'POST',
    path: '/message/linkPreview',
    auth: true,
    body: linkPreviewRequest,
    reply: linkPreview,
  }),
  /** Owner or admin: whether every member may pin messages (off: owner and admins only). */
  groupPinByMembers: e({
    method: 'PUT',
    path: '/group/pinByMembers',
    auth: true,
    body: groupPinByMembersRequest,
    reply: nothing,
  }),
  /** Replies the stored EDIT (13) message, also pushed to every member's terminals. */
  groupEdit: e({
    method: 'PUT',
    path: '/message/group/edit/:id',
    auth: true,
    params: messageIdParams,
    body: groupEditRequest,
    reply: groupMessage,
  }),
  /** As the private pin; PIN (15) messages go to every member's terminals. */
  groupPin: e({ method: 'PUT', path: '/message/group/pin/:id', auth: true, params: messageIdParams, reply: nothing }),
  groupUnpin: e({
    method: 'PUT',
    path: '/message/group/unpin/:id',
    auth: true,
    params: messageIdParams,
    reply: nothing,
  }),
  groupPins: e({ method: 'GET', path: '/message/group/pins', auth: true, query: groupPinsQuery, reply: groupPins }),
  /** Sets, switches or takes off my reaction (docs/PROTOCOL.md "Reactions"); the REACTION notice follows on the socket. */
  groupReact: e({
    method: 'PUT',
    path: '/message/group/react/:id',
    auth: true,
    params: messageIdParams,
    body: reactRequest,
    reply: reactReply,
  }),
  /** Who reacted to a message, most recent first, a page at a time. */
  groupReactions: e({
    method: 'GET',
    path: '/message/group/reactions',
    auth: true,
    query: reactorsQuery,
    reply: reactorsReply,
  }),
} as const satisfies Record<string, Endpoint>;

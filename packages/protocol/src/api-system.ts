/** The system notification endpoints (wire-contract §6, docs/PROTOCOL.md "System notifications"), spread into `api`. */
import { z } from 'zod';
import { e } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import {
  systemContentQuery,
  systemMessageContent,
  systemPullQuery,
  systemReadedQuery,
} from './schemas/system-message.js';

export const systemEndpoints = {
  systemPullOffline: e({
    method: 'GET',
    path: '/message/system/pullOfflineMessage',
    auth: true,
    query: systemPullQuery,
    reply: nothing,
  }),
  systemContent: e({
    method: 'GET',
    path: '/message/system/content',
    auth: true,
    query: systemContentQuery,
    reply: systemMessageContent,
  }),
  systemReaded: e({
    method: 'PUT',
    path: '/message/system/readed',
    auth: true,
    query: systemReadedQuery,
    reply: nothing,
  }),
  systemMaxReadedSeqNo: e({
    method: 'GET',
    path: '/message/system/maxReadedSeqNo',
    auth: true,
    reply: z.number().int(),
  }),
};

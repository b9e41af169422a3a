/** Web push registration (wire-contract §3, docs/PROTOCOL.md "Web push"), spread into `api`. */
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import { pushKeyReply, pushSubscriptionRequest, reportCidQuery } from './schemas/push.js';

export const pushEndpoints = {
  userReportCid: e({
    method: 'POST',
    path: '/user/reportCid',
    auth: true,
    query: reportCidQuery,
    body: pushSubscriptionRequest,
    reply: nothing,
  }),
  userRemoveCid: e({ method: 'DELETE', path: '/user/removeCid', auth: true, reply: nothing }),
  userPushKey: e({ method: 'GET', path: '/user/pushKey', auth: true, reply: pushKeyReply }),
} as const satisfies Record<string, Endpoint>;

/** Signed-in devices (issue 11, docs/PROTOCOL.md "Devices"), spread into `api`. */
import { z } from 'zod';
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import { device, deviceSignOutRequest } from './schemas/device.js';

export const deviceEndpoints = {
  deviceList: e({ method: 'GET', path: '/user/devices', auth: true, reply: z.array(device) }),
  /** Signs out one of the caller's sessions (any, the calling one included); its sockets close at once. */
  deviceSignOut: e({
    method: 'POST',
    path: '/user/devices/signOut',
    auth: true,
    body: deviceSignOutRequest,
    reply: nothing,
  }),
} as const satisfies Record<string, Endpoint>;

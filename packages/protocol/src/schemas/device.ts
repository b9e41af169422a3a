/**
 * Signed-in devices (issue 11, point 2; docs/PROTOCOL.md "Devices"): the live login
 * sessions of the caller's account. `id` is the session id (a UUID, also the access
 * token's `sid`); `userAgent` is the browser's at login ('' for sessions older than the
 * list); `current` marks the session of the calling token.
 */
import { z } from 'zod';

export const device = z.object({
  id: z.string(),
  terminal: z.number().int(),
  userAgent: z.string(),
  /** Epoch ms of the login. */
  signInTime: z.number().int(),
  /** Epoch ms of the last token refresh or socket login. */
  lastActiveTime: z.number().int(),
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;

/** `id`: a session id, the UUID form `crypto.randomUUID()` gives. */
export const deviceSignOutRequest = z.object({
  // A wrong shape is rule `format` (the server's zod mapping).
  id: z.string({ error: 'invalidParam' }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: 'invalidParam',
  }),
});
export type DeviceSignOutRequest = z.infer<typeof deviceSignOutRequest>;

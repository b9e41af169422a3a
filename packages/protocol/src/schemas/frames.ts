/** WebSocket frames on /im (wire-contract §9): text JSON `{cmd, data}`. */
import { z } from 'zod';
import { Cmd, MessageType } from '../constants.js';

export const loginFrame = z.object({
  cmd: z.literal(Cmd.LOGIN),
  data: z.object({ accessToken: z.string().min(1) }),
});
export const heartbeatFrame = z.object({
  cmd: z.literal(Cmd.HEARTBEAT),
  data: z.unknown().optional(),
});
/** What a client may send. */
export const clientFrame = z.discriminatedUnion('cmd', [loginFrame, heartbeatFrame]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** What the server sends; `data` is typed per cmd by the features that push it. */
export const serverFrame = z.object({
  cmd: z.union([
    z.literal(Cmd.LOGIN),
    z.literal(Cmd.HEARTBEAT),
    z.literal(Cmd.FORCE_LOGOUT),
    z.literal(Cmd.PRIVATE_MESSAGE),
    z.literal(Cmd.GROUP_MESSAGE),
    z.literal(Cmd.SYSTEM_MESSAGE),
  ]),
  data: z.unknown().optional(),
});
export type ServerFrame = z.infer<typeof serverFrame>;

/**
 * SYSTEM_MESSAGE data telling a socket its account was banned (type 50) or
 * deleted (type 54); `content` is the reason. The client closes with 3099.
 */
export const accountStatusNotice = z.object({
  type: z.union([z.literal(MessageType.USER_BANNED), z.literal(MessageType.USER_UNREG)]),
  content: z.string(),
});
export type AccountStatusNotice = z.infer<typeof accountStatusNotice>;

/** FORCE_LOGOUT data: the reason text shown to the replaced socket. */
export const FORCE_LOGOUT_REASON = 'Your account has logged in on another device of the same kind';

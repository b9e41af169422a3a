/** WebSocket frames on /im (wire-contract §9): text JSON `{cmd, data}`. */
import { z } from 'zod';
import { ChatType, Cmd, MessageType } from '../constants.js';

export const loginFrame = z.object({
  cmd: z.literal(Cmd.LOGIN),
  data: z.object({ accessToken: z.string().min(1) }),
});
export const heartbeatFrame = z.object({
  cmd: z.literal(Cmd.HEARTBEAT),
  data: z.unknown().optional(),
});

/** Typing indicator timings (issue 11, point 21). */
export const Typing = {
  /** The client sends a start frame at most this often while the user types. */
  SEND_EVERY_MS: 3000,
  /** The server relays a start for one chat of one socket at most this often (extra frames are dropped). */
  RELAY_MIN_MS: 2000,
  /** Typing frames one socket may have relayed per minute; beyond, they are dropped. */
  RELAY_PER_MINUTE: 40,
  /** The receiver clears the indicator this long after the last start frame. */
  SHOW_MS: 5000,
} as const;

/** Client → server: I am (typing: true) or stopped (false) typing in this chat. Never stored. */
export const typingRequest = z.strictObject({
  chatType: z.enum([ChatType.PRIVATE, ChatType.GROUP]),
  targetId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  typing: z.boolean(),
});
export type TypingRequest = z.infer<typeof typingRequest>;
export const typingFrame = z.object({ cmd: z.literal(Cmd.TYPING), data: typingRequest });

/**
 * Server → client: `sendId` is (typing) or stopped typing in the chat `chatType`/`targetId`,
 * as the receiver keys it (a private chat's `targetId` is `sendId`). `sendNickName`: the
 * sender's name in the group (group chats only).
 */
export const typingNotice = z.object({
  chatType: z.enum([ChatType.PRIVATE, ChatType.GROUP]),
  targetId: z.number().int(),
  sendId: z.number().int(),
  sendNickName: z.string().optional(),
  typing: z.boolean(),
});
export type TypingNotice = z.infer<typeof typingNotice>;

/** What a client may send. */
export const clientFrame = z.discriminatedUnion('cmd', [loginFrame, heartbeatFrame, typingFrame]);
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
    z.literal(Cmd.TYPING),
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

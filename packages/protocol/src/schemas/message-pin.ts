/**
 * Pinned messages (issue 21 point 3, docs/PROTOCOL.md "Pinned messages"): up to
 * PINS_MAX messages of a chat pinned to its top. Each pin or unpin stores one PIN (15)
 * status message in the chat's stream, so live and pulled terminals apply it in order.
 */
import { z } from 'zod';
import { bodyId, id } from './fields.js';
import { parseJson } from '../json.js';
import { privateMessage } from './message.js';
import { groupMessage } from './group-message.js';

/** Pins one chat may hold; the next pin is refused with `pinsFull`. */
export const PINS_MAX = 50;

/**
 * `content` of a PIN (15) message, as JSON text: the message `id`, whether it is now
 * `pinned`, `pinTime` (strictly increasing per chat in server order) and who did it
 * (`by`). Apply a notice only if its pinTime is newer than what is known of that
 * message's pin, so the last change wins however notices and the pin list arrive.
 */
export const pinNotice = z.object({
  id: z.number().int(),
  pinned: z.boolean(),
  pinTime: z.number().int(),
  by: z.number().int(),
});
export type PinNotice = z.infer<typeof pinNotice>;

/** The notice of a PIN message's content, or undefined when it is not one. */
export function parsePinNotice(content: string): PinNotice | undefined {
  try {
    const r = pinNotice.safeParse(parseJson(content));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /message/private/pins?friendId=`. */
export const privatePinsQuery = z.object({ friendId: id });
/** `GET /message/group/pins?groupId=`. */
export const groupPinsQuery = z.object({ groupId: id });

/** `PUT /group/pinByMembers`: owner or admin opens (or closes) pinning to every member. */
export const groupPinByMembersRequest = z.object({
  groupId: bodyId,
  enabled: z.boolean({ error: 'invalidParam' }),
});
export type GroupPinByMembersRequest = z.infer<typeof groupPinByMembersRequest>;

const pinFields = { pinnedBy: z.number().int(), pinTime: z.number().int() };

/**
 * A chat's pins, newest first, each with the message as the reader sees it, and the
 * chat's last `pinTime` when it was read (0: never): a pin this terminal knows with a
 * pinTime at or below it that is not listed was unpinned or recalled.
 */
export const privatePins = z.object({
  pins: z.array(z.object({ message: privateMessage, ...pinFields })),
  pinTime: z.number().int(),
});
export type PrivatePins = z.infer<typeof privatePins>;

export const groupPins = z.object({
  pins: z.array(z.object({ message: groupMessage, ...pinFields })),
  pinTime: z.number().int(),
});
export type GroupPins = z.infer<typeof groupPins>;

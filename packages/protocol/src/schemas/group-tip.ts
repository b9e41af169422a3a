/**
 * Group tips: the TIP_TEXT (21) messages the server stores when a group changes.
 * `content` stays the English sentence (what older clients and previews show);
 * `tip` names the template and fills its slots, so a client shows the sentence in
 * its own language (locale key `tips.group.<key>`, with the same `{{slots}}`).
 */
import { z } from 'zod';

/**
 * The English templates, one per event. `{{members}}` holds several names (joined
 * with ", " here; a client formats the list in its language); every other slot is
 * one string. Names are the group display names at the time of the event.
 */
export const GroupTipText = {
  created: '{{name}} created the group',
  createdAndInvited: '{{name}} created the group and invited {{members}}',
  renamed: '{{name}} renamed the group to "{{group}}"',
  noticeChanged: '{{name}} changed the announcement',
  dissolved: '{{name}} dissolved the group',
  invited: '{{name}} invited {{members}}',
  removed: '{{name}} removed {{members}}',
  left: '{{name}} left the group',
  adminOn: '{{members}} is now an admin',
  adminOff: '{{members}} is no longer an admin',
  muteAllOn: 'All members are muted',
  muteAllOff: 'All members may speak again',
  memberMuted: '{{members}} has been muted',
  memberUnmuted: '{{members}} may speak again',
  // Group calls (docs/CALLS.md §3.5) start with cameras off, hence "voice".
  callStarted: '{{name}} started a voice call',
  callEnded: 'The call ended',
  // Pinned messages (docs/PROTOCOL.md "Pinned messages"): unpinning writes no tip.
  pinned: '{{name}} pinned a message',
} as const;
export type GroupTipKey = keyof typeof GroupTipText;
export const GROUP_TIP_KEYS = Object.keys(GroupTipText) as [GroupTipKey, ...GroupTipKey[]];

/** The one slot that is a list of names. */
export const GROUP_TIP_LIST_SLOT = 'members';

type Slots<S extends string> = S extends `${string}{{${infer P}}}${infer R}` ? P | Slots<R> : never;
/** Exactly the slots of `K`'s template: the compiler keeps server calls and templates in step. */
export type GroupTipParams<K extends GroupTipKey> = {
  [P in Slots<(typeof GroupTipText)[K]>]: P extends typeof GROUP_TIP_LIST_SLOT ? string[] : string;
};

const SLOT = /\{\{(\w+)\}\}/g;

/** The slot names of `key`'s template, in order. */
export function groupTipSlots(key: GroupTipKey): string[] {
  return [...GroupTipText[key].matchAll(SLOT)].map((m) => m[1]!);
}

export const isGroupTipKey = (key: unknown): key is GroupTipKey =>
  typeof key === 'string' && Object.hasOwn(GroupTipText, key);

const slotFits = (slot: string, value: unknown): boolean =>
  slot === GROUP_TIP_LIST_SLOT
    ? Array.isArray(value) && value.every((v) => typeof v === 'string')
    : typeof value === 'string';

/** `GroupMessage.tip`: every slot of the key's template is filled (extra params are ignored). */
export const groupTip = z
  .object({
    key: z.enum(GROUP_TIP_KEYS),
    params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  })
  .refine((tip) => groupTipSlots(tip.key).every((slot) => slotFits(slot, tip.params[slot])), {
    error: 'tip params must fill the slots of its template',
  });
export type GroupTip = z.infer<typeof groupTip>;

/** What the server stores for a tip: the English sentence and the tip it was built from. */
export interface BuiltGroupTip {
  content: string;
  tip: GroupTip;
}

/** The tip and its English content from the same template, so the two never disagree. */
export function buildGroupTip<K extends GroupTipKey>(key: K, params: GroupTipParams<K>): BuiltGroupTip {
  const values: Record<string, string | string[]> = params;
  const content = GroupTipText[key].replace(SLOT, (_, slot: string) => {
    const value = values[slot] ?? '';
    return Array.isArray(value) ? value.join(', ') : value;
  });
  return { content, tip: { key, params: { ...values } } };
}

/**
 * Editing a sent message (issue 21 point 1, docs/PROTOCOL.md "Edit"): the sender
 * replaces the text of their own TEXT message, or the title and description of their
 * own CARD, within the edit window. The original keeps its id and place; an EDIT (13)
 * status message carries the change to every terminal, live and in the offline pull.
 */
import { z } from 'zod';
import { MessageType } from '../constants.js';
import { Limits } from '../limits.js';
import { parseJson } from '../json.js';
import { AT_ALL } from './group-message.js';
import { checkMessageContent, type ContentCheck } from './content.js';

/** Types whose content may be edited. */
export const EDITABLE_TYPES: readonly number[] = [MessageType.TEXT, MessageType.CARD];

/** `PUT /message/private/edit/:id`: the new content, in the form a send of the message's type takes. */
export const privateEditRequest = z.object({
  content: z.string({ error: 'messageBlank' }),
});
export type PrivateEditRequest = z.infer<typeof privateEditRequest>;

/**
 * `PUT /message/group/edit/:id`: as private, plus the mentions of the new text. Only
 * mentions not in the message before notify (the EDIT message's `atUserIds`); a
 * mention taken out does not take its notice back.
 */
export const groupEditRequest = privateEditRequest.extend({
  atUserIds: z
    .array(z.number({ error: 'invalidParam' }).int({ error: 'invalidParam' }).min(AT_ALL, { error: 'invalidParam' }), {
      error: 'invalidParam',
    })
    .max(Limits.AT_USER_IDS_MAX, { error: 'invalidParam' })
    .default([]),
});
export type GroupEditRequest = z.infer<typeof groupEditRequest>;

/**
 * `content` of an EDIT (13) message, as JSON text: the edited message's `id`, its new
 * `content` and `editTime` (the original's `editTime` from now on). Edits of one
 * message have increasing `editTime` in server order: apply one only if it is not
 * older than what the message shows, so the last edit wins however they arrive.
 */
export const editNotice = z.object({
  id: z.number().int(),
  content: z.string(),
  editTime: z.number().int(),
});
export type EditNotice = z.infer<typeof editNotice>;

/** The notice of an EDIT message's content, or undefined when it is not one. */
export function parseEditNotice(content: string): EditNotice | undefined {
  try {
    const r = editNotice.safeParse(parseJson(content));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The new content of an edit of a message of `type` whose content is now `stored`:
 * TEXT as a send checks it (blank, too long); CARD as a card send, but only the title
 * and description may change (a new cover or link is `invalidContent`).
 */
export function checkEditContent(type: number, stored: string, content: string): ContentCheck {
  const checked = checkMessageContent(type, content);
  if (!checked.ok || type !== MessageType.CARD) return checked;
  try {
    const before = JSON.parse(stored) as { cover?: unknown; link?: unknown };
    const after = JSON.parse(checked.content) as { cover?: unknown; link?: unknown };
    if (before.cover !== after.cover || before.link !== after.link) return { ok: false, key: 'invalidContent' };
  } catch {
    return { ok: false, key: 'invalidContent' };
  }
  return checked;
}

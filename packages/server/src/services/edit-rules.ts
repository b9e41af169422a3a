/**
 * The rules of an edit (issue 21 point 1) shared by private and group messages, in
 * their order after "it is your message": its kind (a text or card, not forwarded),
 * not recalled, inside the edit window, the new content valid for its type, and a
 * change. Checked once before waiting for the lock and again on the row read under it
 * (a recall or another edit may have come in between).
 */
import { EDITABLE_TYPES, MessageStatus, checkEditContent, keepsLinkPreview } from '@parley/protocol';
import { AppError } from '../http/app-error.js';

export interface EditableRow {
  type: number;
  status: number;
  content: string;
  send_time: number;
  forwarded: number;
  edited_time: number | null;
}

/** The content to store for an edit of `row` to `content`, or the refusal. */
export function editedContent(row: EditableRow, content: string, now: number, windowMs: number): string {
  if (!EDITABLE_TYPES.includes(row.type) || row.forwarded === 1) throw new AppError('editNotEditable');
  if (row.status === MessageStatus.RECALL) throw new AppError('editRecalled');
  if (now - row.send_time > windowMs) throw new AppError('editTimeout', { hours: Math.floor(windowMs / 3_600_000) });
  const checked = checkEditContent(row.type, row.content, content);
  if (!checked.ok) throw new AppError(checked.key, { field: 'content' });
  if (checked.content === row.content) throw new AppError('editUnchanged');
  return checked.content;
}

/** Edits of one message get strictly increasing times in server order, so the last one wins on every terminal. */
export const nextEditTime = (row: EditableRow, now: number): number => Math.max(now, (row.edited_time ?? 0) + 1);

/** The stored preview JSON after an edit to `content`: kept while the text holds its link (keepsLinkPreview). */
export function previewAfterEdit(stored: string | null, content: string): string | null {
  if (stored === null) return null;
  return keepsLinkPreview(JSON.parse(stored) as { url: string }, content) ? stored : null;
}

/**
 * EDIT (13) messages (docs/PROTOCOL.md "Edit"): the edited message keeps its place
 * and shows the new content with its edit time; quotes of it show the new content.
 * An edit applies only if it is newer than what the message shows (a message pulled
 * after the edit already shows it), so the last edit by server order wins however
 * live frames and pulls interleave. An edit that takes a previewed link out drops the
 * preview, as the server does. Pure, like messages.ts.
 */
import { MessageStatus, keepsLinkPreview, parseEditNotice, type EditNotice } from '@parley/protocol';
import { lastOf, type ChatRecord } from './state';
import type { ChatMessage } from './types';

export function applyEdit(list: readonly ChatMessage[], notice: EditNotice, addedAt: readonly number[] = []) {
  let changed = false;
  const next = list.map((m) => {
    if (m.id === notice.id) {
      if (m.status === MessageStatus.RECALL || (m.editTime ?? -1) >= notice.editTime) return m;
      changed = true;
      const entry: ChatMessage = { ...m, content: notice.content, editTime: notice.editTime };
      // The server's rule: an edit that takes the link out drops its preview.
      if (m.linkPreview && !keepsLinkPreview(m.linkPreview, notice.content)) delete entry.linkPreview;
      // A mention the edit added joins the message's; one taken out stays (no un-notify).
      if (addedAt.length > 0) entry.atUserIds = [...new Set([...(m.atUserIds ?? []), ...addedAt])];
      return entry;
    }
    const q = m.quoteMessage;
    if (q?.id === notice.id && q.status !== MessageStatus.RECALL && q.content !== notice.content) {
      changed = true;
      return { ...m, quoteMessage: { ...q, content: notice.content } };
    }
    return m;
  });
  return changed ? next : (list as ChatMessage[]);
}

/** The chat after an EDIT message's `content`; the preview follows when the edited message is the newest. */
export function withEdit(c: ChatRecord, content: string, addedAt: readonly number[] = []): ChatRecord {
  const notice = parseEditNotice(content);
  if (!notice) return c;
  const messages = applyEdit(c.messages, notice, addedAt);
  if (messages === c.messages) return c;
  const newest = messages.at(-1);
  return { ...c, messages, last: newest?.id === notice.id ? lastOf(newest) : c.last };
}

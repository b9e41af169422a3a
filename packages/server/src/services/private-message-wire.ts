/** Private message rows → wire shapes (wire-contract §6), with their quoted messages. */
import type { Kysely } from 'kysely';
import type { LinkPreview, PrivateMessage, QuoteMessage } from '@parley/protocol';
import type { Database, PrivateMessageRow } from '../db/schema.js';
import { parseSummary } from './reactions/summary.js';

export function toQuote(row: PrivateMessageRow): QuoteMessage {
  return { id: row.id, sendId: row.send_id, type: row.type, content: row.content, status: row.status };
}

export function toWirePrivateMessage(row: PrivateMessageRow, quote?: QuoteMessage): PrivateMessage {
  const msg: PrivateMessage = {
    id: row.id,
    sendId: row.send_id,
    recvId: row.recv_id,
    type: row.type,
    content: row.content,
    status: row.status,
    sendTime: row.send_time,
  };
  if (row.tmp_id !== null) msg.tmpId = row.tmp_id;
  if (quote) msg.quoteMessage = quote;
  if (row.forwarded === 1) msg.forwarded = true;
  if (row.edited_time !== null && row.edited_time !== undefined) msg.editTime = row.edited_time;
  if (row.link_preview) msg.linkPreview = JSON.parse(row.link_preview) as LinkPreview;
  if (row.react_time !== null && row.react_time !== undefined) {
    msg.reactTime = row.react_time;
    const reactions = parseSummary(row.reactions);
    if (reactions.length > 0) msg.reactions = reactions;
  }
  return msg;
}

/**
 * Wire messages for `rows` (same order), each with its quoted message as it is now
 * (a recalled quote shows status RECALL and blank content). One query for all quotes.
 */
export async function toWireWithQuotes(db: Kysely<Database>, rows: PrivateMessageRow[]): Promise<PrivateMessage[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.quote_message_id === null ? [] : [r.quote_message_id])))];
  const quotes = new Map<number, QuoteMessage>();
  if (ids.length > 0) {
    const quoted = await db.selectFrom('private_messages').selectAll().where('id', 'in', ids).execute();
    for (const q of quoted) quotes.set(q.id, toQuote(q));
  }
  return rows.map((r) =>
    toWirePrivateMessage(r, r.quote_message_id === null ? undefined : quotes.get(r.quote_message_id)),
  );
}

/** System notification rows as they travel (protocol system-message.ts). */
import {
  MessageType,
  systemTip,
  type SystemMessage,
  type SystemMessageContent,
  type SystemTip,
} from '@parley/protocol';
import type { SystemMessageRow } from '../../db/schema.js';

/** The stored tip, or undefined (none, or a shape this version does not know). */
export function parseTip(text: string | null): SystemTip | undefined {
  if (!text) return undefined;
  try {
    const parsed = systemTip.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The columns a SystemMessage frame is built from. */
export type SystemMessageHead = Pick<SystemMessageRow, 'id' | 'title' | 'cover_url' | 'intro' | 'tip' | 'send_time'>;

export function toWireSystemMessage(row: SystemMessageHead, seqNo: number, status: number): SystemMessage {
  const tip = parseTip(row.tip);
  return {
    id: Number(row.id),
    seqNo,
    type: MessageType.SYSTEM_MESSAGE,
    title: row.title,
    coverUrl: row.cover_url,
    intro: row.intro,
    status,
    sendTime: Number(row.send_time),
    ...(tip && { tip }),
  };
}

export function toWireSystemContent(row: SystemMessageRow): SystemMessageContent {
  const tip = parseTip(row.tip);
  return {
    id: Number(row.id),
    title: row.title,
    coverUrl: row.cover_url,
    intro: row.intro,
    content: row.content,
    sendTime: Number(row.send_time),
    ...(tip && { tip }),
  };
}

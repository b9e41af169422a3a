/**
 * Which messages offer "Edit" (issue 21 point 1): my own stored text or card, not
 * recalled, not forwarded, inside the server's edit window. The server checks the same
 * rules (services/edit-rules.ts); this only keeps a sure refusal out of the menu.
 */
import { EDITABLE_TYPES, MessageStatus } from '@parley/protocol';
import type { ChatMessage } from '../../../../chat/types';

export function canEdit(m: ChatMessage, now: number, windowMs: number): boolean {
  return (
    m.selfSend &&
    m.id !== undefined &&
    m.loadStatus === 'ok' &&
    EDITABLE_TYPES.includes(m.type) &&
    m.status !== MessageStatus.RECALL &&
    !m.forwarded &&
    now - m.sendTime <= windowMs
  );
}

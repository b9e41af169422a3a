/** Who may recall what (spec §4-§5: only own messages, within 5 minutes). */
import { MessageStatus, Timing, isNormalType } from '@parley/protocol';
import type { ChatMessage } from '../../../../chat/types';

export function canRecall(m: ChatMessage, now: number): boolean {
  return (
    m.selfSend &&
    m.id !== undefined &&
    m.loadStatus === 'ok' &&
    isNormalType(m.type) &&
    m.status !== MessageStatus.RECALL &&
    now - m.sendTime < Timing.RECALL_WINDOW_MS
  );
}

/** How long after recalling one's own text the "re-edit" link stays. */
export const REEDIT_WINDOW_MS = Timing.RECALL_WINDOW_MS;

/** Texts recalled from this device, so "re-edit" can put them back in the composer. */
const recalledTexts = new Map<number, { text: string; at: number }>();

export function rememberRecalled(id: number, text: string, now: number): void {
  recalledTexts.set(id, { text, at: now });
}

export function reeditText(id: number | undefined, now: number): string | undefined {
  if (id === undefined) return undefined;
  const entry = recalledTexts.get(id);
  if (!entry) return undefined;
  if (now - entry.at > REEDIT_WINDOW_MS) {
    recalledTexts.delete(id);
    return undefined;
  }
  return entry.text;
}

/**
 * Message runs (issue 11, point 19): a message continues the run of the one above
 * when both are ordinary messages of the same sender sent within RUN_GAP_MS; a
 * run shows one avatar and name, with tighter spacing.
 */
import type { ChatMessage } from '../../../../chat/types';
import { isNoticeRow } from '../NoticeRow';

export const RUN_GAP_MS = 3 * 60 * 1000;

export function continuesRun(prev: ChatMessage | undefined, m: ChatMessage): boolean {
  if (!prev || isNoticeRow(prev) || isNoticeRow(m)) return false;
  if (prev.sendId !== m.sendId || prev.selfSend !== m.selfSend) return false;
  const gap = m.sendTime - prev.sendTime;
  return gap >= 0 && gap <= RUN_GAP_MS;
}

/** The exact send time, for the hover title and the long-press menu header. */
export function exactTime(sendTime: number, now: number, locale: string): string {
  const sent = new Date(sendTime);
  const sameDay = sent.toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    locale,
    sameDay ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(sent);
}

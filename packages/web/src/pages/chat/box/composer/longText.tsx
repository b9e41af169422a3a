/**
 * Long text in the composer (issue 22 point 7; docs/PROTOCOL.md "Long text"): the
 * counter shown from 80 % of the server's limit, and the offer to send a text past
 * it as several messages (lib/splitText.ts), each with the mentions its part holds.
 */
import { useTranslation } from 'react-i18next';
import { Limits, type ChatType } from '@parley/protocol';
import { chatActions } from '../../../../chat';
import type { SendOptions } from '../../../../chat/types';
import { confirmDialog } from '../../../../ui/dialog';
import type { Mention } from '../lib/mentions';
import { splitWithMentions, type TextPart } from '../lib/splitText';

const MAX = Limits.TEXT_CONTENT_MAX;
/** The counter appears once the text passes this share of the limit. */
const COUNTER_FROM = 0.8;

/** `used/limit` under the text box from 80 % of the limit, red (and announced) past it. */
export function LongTextCounter({ length }: { length: number }) {
  const { t } = useTranslation();
  if (length < MAX * COUNTER_FROM) return null;
  const over = length > MAX;
  return (
    <div
      className={`composer__counter${over ? ' composer__counter--over' : ''}`}
      data-testid="composer-counter"
      data-over={over}
      role={over ? 'status' : undefined}
    >
      <bdi>{t('longText.counter', { used: length, max: MAX })}</bdi>
      {over && <span className="composer__counter-note">{t('longText.overLimit')}</span>}
    </div>
  );
}

/**
 * Asks whether to send `wire` (past the limit) as several messages; null when the
 * user declines. `mentions` are the composer's, by display name.
 */
export async function offerSplit(
  wire: string,
  mentions: readonly Mention[],
  t: (key: string, o?: Record<string, unknown>) => string,
): Promise<TextPart[] | null> {
  const parts = splitWithMentions(wire, MAX, mentions);
  const ok = await confirmDialog({
    title: t('longText.title'),
    content: t('longText.offer', { max: MAX }),
    confirmText: t('longText.send', { parts: parts.length }),
    testId: 'long-text-dialog',
  });
  if (!ok) return null;
  return parts;
}

/**
 * Sends the parts through the send pipeline, each after the previous one is handled,
 * so they are stored in order; the quote goes with the first, a receipt with each.
 */
export async function sendParts(
  type: ChatType,
  targetId: number,
  parts: readonly TextPart[],
  opts: { quoteId: number | undefined; receipt: boolean; group: boolean },
): Promise<void> {
  for (const [i, part] of parts.entries()) {
    const o: SendOptions = {};
    if (i === 0 && opts.quoteId !== undefined) o.quoteMessageId = opts.quoteId;
    if (opts.group && part.atUserIds.length) o.atUserIds = part.atUserIds;
    if (opts.receipt) o.receipt = true;
    await chatActions.sendText(type, targetId, part.text, Object.keys(o).length ? o : undefined);
  }
}

/** Centred rows: time tips, tip texts, recall notices (with re-edit) and kinds this client cannot show. */
import { MessageStatus, MessageType } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { recallSegments, tipSegments } from '../../../chat/preview';
import { messageKey, type ChatMessage } from '../../../chat/types';
import { currentLocale } from '../../../i18n';
import type { Segment } from '../../../i18n/isolate';
import { timeText } from '../../../i18n/timeText';
import { Segments } from '../../../ui/Segments';
import { useChatBox } from './ChatBoxContext';
import { reeditText } from './lib/recall';

export const isNoticeRow = (m: ChatMessage): boolean =>
  m.type === MessageType.TIP_TIME ||
  m.type === MessageType.TIP_TEXT ||
  m.type === MessageType.RECALL ||
  m.status === MessageStatus.RECALL ||
  (m.type > MessageType.CARD && !isCallRecord(m.type));

/** Call records render as bubbles (docs/CALLS.md §8.7). */
const isCallRecord = (type: number): boolean => type === MessageType.ACT_RT_VOICE || type === MessageType.ACT_RT_VIDEO;

export function NoticeRow({ message, now }: { message: ChatMessage; now: number }) {
  const { t } = useTranslation();
  const { peer, reedit } = useChatBox();
  const key = messageKey(message);
  let text: Segment[];
  let action = null;
  if (message.type === MessageType.TIP_TIME) {
    text = [timeText(message.sendTime, now, currentLocale(), t)];
  } else if (message.type === MessageType.TIP_TEXT) {
    text = tipSegments(message.content, t, message.tip, { selfSend: message.selfSend, name: peer.name });
  } else if (message.type === MessageType.RECALL || message.status === MessageStatus.RECALL) {
    text = recallSegments(message.selfSend, message.sendNickName || peer.name, t);
    const again = message.selfSend ? reeditText(message.id, now) : undefined;
    if (again !== undefined) {
      action = (
        <button type="button" className="notice__action" onClick={() => reedit(again)} data-testid={`reedit-${key}`}>
          {t('chatBox.reedit')}
        </button>
      );
    }
  } else {
    text = [t('chatBox.unsupported')];
  }
  return (
    <div
      className={`notice${message.type === MessageType.TIP_TIME ? ' notice--time' : ''}`}
      data-testid={`message-${key}`}
      data-type={message.type}
      data-status={message.status}
      data-load-status={message.loadStatus}
      data-self={message.selfSend}
    >
      <span className="notice__text">
        <Segments segments={text} />
        {action}
      </span>
    </div>
  );
}

/**
 * A row in selection mode: a round checkbox whose label is the whole row, so a tap anywhere
 * ticks it. The row itself is inert meanwhile (no bubble taps, no menu, out of the Tab order);
 * the checkbox's accessible name says whose message it is, when, and what it says.
 */
import type { ReactNode } from 'react';
import { MessageType } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { messageKey, type ChatMessage } from '../../../../chat/types';
import { useChatBox } from '../ChatBoxContext';
import { summaryText } from '../lib/content';
import { exactTime } from '../lib/grouping';
import { isSelectable } from './selection';

/** Call records are bubbles too; their content is the call's data, not words. */
const CALL_LABEL: Partial<Record<number, string>> = {
  [MessageType.ACT_RT_VOICE]: 'chat.preview.voiceCall',
  [MessageType.ACT_RT_VIDEO]: 'chat.preview.videoCall',
};

interface SelectableRowProps {
  message: ChatMessage;
  checked: boolean;
  onToggle: (key: string) => void;
  now: number;
  children: ReactNode;
}

export function SelectableRow({ message, checked, onToggle, now, children }: SelectableRowProps) {
  const { t, i18n } = useTranslation();
  const box = useChatBox();
  const row = (
    <div className="msg-select__row" inert>
      {children}
    </div>
  );
  if (!isSelectable(message)) return <div className="msg-select msg-select--none">{row}</div>;
  const key = messageKey(message);
  const label = t('chatBox.select.pick', {
    name: box.personOf(message.sendId, message.sendNickName).name,
    time: exactTime(message.sendTime, now, i18n.language),
    text: CALL_LABEL[message.type] ? t(CALL_LABEL[message.type]!) : summaryText(message.type, message.content, t),
  });
  return (
    <label className="msg-select" data-testid={`select-row-${key}`}>
      <input
        type="checkbox"
        className="msg-select__check"
        checked={checked}
        onChange={() => onToggle(key)}
        aria-label={label}
        data-testid={`select-check-${key}`}
      />
      {row}
    </label>
  );
}

/**
 * A group's new announcement as a card in the chat (GROUP_ANNOUNCEMENT, 22; issue 22
 * point 4, as WeChat posts it): "Group announcement", the text, who and when. A tap
 * opens the group info, where the announcement stands at the top.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageKey, type ChatMessage } from '../../../chat/types';
import { currentLocale } from '../../../i18n';
import { timeText } from '../../../i18n/timeText';
import { Links } from '../../../routes/paths';
import { useChatBox } from './ChatBoxContext';

export function AnnouncementCard({ message, now }: { message: ChatMessage; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { targetId, personOf } = useChatBox();
  const who = personOf(message.sendId, message.sendNickName).name;
  const key = messageKey(message);
  return (
    <div className="announcement-row" data-testid={`message-${key}`} data-type={message.type}>
      <button
        type="button"
        className="announcement"
        onClick={() => void navigate(Links.groupInfo(targetId))}
        data-testid="announcement-card"
      >
        <span className="announcement__title">{t('announcement.title')}</span>
        <span className="announcement__text" dir="auto">
          {message.content}
        </span>
        <span className="announcement__meta">
          <bdi>{who}</bdi> · <bdi>{timeText(message.sendTime, now, currentLocale(), t)}</bdi>
        </span>
      </button>
    </div>
  );
}

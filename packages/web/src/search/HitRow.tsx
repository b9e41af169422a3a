/** One message hit: the chat (or, inside one chat, the sender), the time, the snippet with its matches. */
import { useTranslation } from 'react-i18next';
import { MessageType, type SearchHit } from '@parley/protocol';
import { currentLocale } from '../i18n';
import { timeText } from '../i18n/timeText';
import { Avatar } from '../ui/Avatar';
import { Highlight } from './Highlight';

/** A hit in a photo's, video's or file's caption or a file's name says what it is in. */
const HIT_LABEL: Partial<Record<number, string>> = {
  [MessageType.IMAGE]: 'chat.preview.image',
  [MessageType.VIDEO]: 'chat.preview.video',
  [MessageType.FILE]: 'chat.preview.file',
};

export interface HitPerson {
  name: string;
  avatar: string;
  /** Avatar colour key: a user id, or `g<id>` for a group. */
  colourId: number | string;
}

interface HitRowProps {
  hit: SearchHit;
  /** The chat's name and avatar (all-chats search) or the sender's (one chat). */
  who: HitPerson;
  /** Group hits in the all-chats list: the sender's name before the text. */
  sender?: string;
  now: number;
  onOpen: (hit: SearchHit) => void;
}

export function HitRow({ hit, who, sender, now, onOpen }: HitRowProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => onOpen(hit)}
      data-testid="search-hit"
      data-chat-type={hit.chatType}
      data-target-id={hit.targetId}
      data-message-id={hit.id}
    >
      <Avatar src={who.avatar} name={who.name} size={40} colourId={who.colourId} />
      <span className="search-row__body">
        <span className="search-row__top">
          <span className="search-row__name" dir="auto">
            {who.name}
          </span>
          <span className="search-row__time">{timeText(hit.sendTime, now, currentLocale(), t)}</span>
        </span>
        <span className="search-row__text">
          {sender && (
            <>
              <bdi>{sender}</bdi>
              {': '}
            </>
          )}
          {HIT_LABEL[hit.type] && `${t(HIT_LABEL[hit.type]!)} `}
          <Highlight text={hit.snippet} ranges={hit.ranges} />
        </span>
      </span>
    </button>
  );
}

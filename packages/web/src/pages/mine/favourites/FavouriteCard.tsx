/**
 * One favourite as a fixed-height card: where it came from, when it was saved, and the
 * message itself through the chat's own bubble. On the page it has a remove button; in
 * the picker the whole card is one button that sends it (the bubble is inert there).
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType, MessageType, type Favourite } from '@parley/protocol';
import { currentLocale } from '../../../i18n';
import { isolatedText, translateSegments, user } from '../../../i18n/isolate';
import { timeText } from '../../../i18n/timeText';
import { CardBubble } from '../../chat/box/bubbles/CardBubble';
import { FileBubble } from '../../chat/box/bubbles/FileBubble';
import { ImageBubble, VideoBubble } from '../../chat/box/bubbles/MediaBubbles';
import { TextBubble } from '../../chat/box/bubbles/TextBubble';
import { VoiceBubble } from '../../chat/box/bubbles/VoiceBubble';
import { Segments } from '../../../ui/Segments';
import { kindLabelKey } from './FilterChips';

/** Room for a header line and a clipped bubble; VirtualList needs it fixed. */
export const FAVOURITE_ROW_HEIGHT = 150;

interface FavouriteCardProps {
  fav: Favourite;
  now: number;
  onRemove?: (fav: Favourite) => void;
  onPick?: (fav: Favourite) => void;
}

function Bubble({ fav }: { fav: Favourite }) {
  const testId = `favourite-${fav.id}-content`;
  switch (fav.type) {
    case MessageType.TEXT:
      return (
        <div className="fav-card__text">
          <TextBubble content={fav.content} testId={testId} />
        </div>
      );
    case MessageType.IMAGE:
      return <ImageBubble content={fav.content} testId={testId} />;
    case MessageType.VIDEO:
      return <VideoBubble content={fav.content} testId={testId} />;
    case MessageType.FILE:
      return <FileBubble content={fav.content} testId={testId} />;
    case MessageType.AUDIO:
      return (
        <div className="fav-card__voice">
          <VoiceBubble content={fav.content} rowKey={`favourite-${fav.id}`} self={false} testId={testId} />
        </div>
      );
    case MessageType.CARD:
      return <CardBubble content={fav.content} testId={testId} />;
    default:
      return null;
  }
}

export const FavouriteCard = memo(function FavouriteCard({ fav, now, onRemove, onPick }: FavouriteCardProps) {
  const { t } = useTranslation();
  const kind = t(kindLabelKey(fav.type));
  // The sender and the group are isolated each: "Bob 42" and an Arabic group name keep their order.
  const fromParts =
    fav.chatType === ChatType.GROUP
      ? translateSegments(t, 'favourites.fromGroup', { name: fav.sendNickName, group: fav.chatName })
      : [user(fav.sendNickName)];
  const from = isolatedText(fromParts);
  const saved = timeText(fav.createTime, now, currentLocale(), t);
  return (
    <article
      className={`fav-card${onPick ? ' fav-card--pick' : ''}`}
      data-testid={`favourite-${fav.id}`}
      data-type={fav.type}
      aria-label={`${kind}, ${from}`}
    >
      <header className="fav-card__head">
        <span className="fav-card__kind">{kind}</span>
        <span className="fav-card__from">
          <Segments segments={fromParts} />
        </span>
        <span className="fav-card__time">{saved}</span>
        {onRemove && (
          <button
            type="button"
            className="fav-card__remove"
            aria-label={t('favourites.remove')}
            title={t('favourites.remove')}
            data-testid={`favourite-${fav.id}-remove`}
            onClick={() => onRemove(fav)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </header>
      <div className="fav-card__body" inert={onPick ? true : undefined}>
        <Bubble fav={fav} />
      </div>
      {onPick && (
        <button
          type="button"
          className="fav-card__pick"
          aria-label={t('favourites.sendThis', { kind, name: from })}
          data-testid={`favourite-${fav.id}-pick`}
          onClick={() => onPick(fav)}
        />
      )}
    </article>
  );
});

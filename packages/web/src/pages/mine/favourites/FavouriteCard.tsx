/**
 * One favourite as a fixed-height card: where it came from, when it was saved, and the
 * message itself through the chat's own bubble (a tap opens it: the image viewer, the video
 * player, the download, the voice, the card's link; a text its detail view). On the page a
 * long-press, a right-click or the "more" button opens its menu; in the picker the whole
 * card is one button that sends it (the bubble is inert there).
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
import { useLongPress } from '../../chat/box/useLongPress';
import { kindLabelKey } from './FilterChips';

/** Room for a header line and a clipped bubble; VirtualList needs it fixed. */
export const FAVOURITE_ROW_HEIGHT = 150;

interface FavouriteCardProps {
  fav: Favourite;
  now: number;
  onMenu?: (fav: Favourite, x: number, y: number) => void;
  onOpenText?: (fav: Favourite) => void;
  onPick?: (fav: Favourite) => void;
}

function Bubble({ fav, onOpenText }: { fav: Favourite; onOpenText?: (fav: Favourite) => void }) {
  const testId = `favourite-${fav.id}-content`;
  switch (fav.type) {
    case MessageType.TEXT:
      // A tap beside a link reads the whole text (the menu's "Open" is the keyboard's way).
      return (
        <div
          className={`fav-card__text${onOpenText ? ' fav-card__text--open' : ''}`}
          onClick={(e) => onOpenText && !(e.target as Element).closest('a') && onOpenText(fav)}
        >
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

const noMenu = () => undefined;

export const FavouriteCard = memo(function FavouriteCard({ fav, now, onMenu, onOpenText, onPick }: FavouriteCardProps) {
  const { t } = useTranslation();
  const press = useLongPress((x, y) => (onMenu ?? noMenu)(fav, x, y));
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
      {...(onMenu ? press : {})}
    >
      <header className="fav-card__head">
        <span className="fav-card__kind">{kind}</span>
        <span className="fav-card__from">
          <Segments segments={fromParts} />
        </span>
        <span className="fav-card__time">{saved}</span>
        {onMenu && (
          <button
            type="button"
            className="fav-card__more"
            aria-label={t('favourites.more')}
            aria-haspopup="menu"
            title={t('favourites.more')}
            data-testid={`favourite-${fav.id}-more`}
            onClick={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              onMenu(fav, r.left, r.bottom);
            }}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="5" cy="12" r="1.8" fill="currentColor" />
              <circle cx="12" cy="12" r="1.8" fill="currentColor" />
              <circle cx="19" cy="12" r="1.8" fill="currentColor" />
            </svg>
          </button>
        )}
      </header>
      <div className="fav-card__body" inert={onPick ? true : undefined}>
        <Bubble fav={fav} onOpenText={onOpenText} />
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

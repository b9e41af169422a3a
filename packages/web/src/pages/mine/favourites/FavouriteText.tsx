/** A text favourite read in full: who sent it and when, the whole text selectable, and a copy button. */
import { useTranslation } from 'react-i18next';
import { ChatType, type Favourite } from '@parley/protocol';
import { currentLocale } from '../../../i18n';
import { translateSegments, user } from '../../../i18n/isolate';
import { Segments } from '../../../ui/Segments';
import { Sheet } from '../../../ui/Sheet';
import { showToast } from '../../../ui/toast';
import { TextBubble } from '../../chat/box/bubbles/TextBubble';
import { tokensToDisplay } from '../../chat/box/lib/emojiText';
import { exactTime } from '../../chat/box/lib/grouping';
import { useNow } from '../../chat/box/useNow';

export function FavouriteText({ fav, onClose }: { fav: Favourite; onClose: () => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const from =
    fav.chatType === ChatType.GROUP
      ? translateSegments(t, 'favourites.fromGroup', { name: fav.sendNickName, group: fav.chatName })
      : [user(fav.sendNickName)];
  const copy = () => {
    if (!navigator.clipboard?.writeText) return showToast(t('errors.copyFailed'));
    navigator.clipboard.writeText(tokensToDisplay(fav.content)).then(
      () => showToast(t('chatBox.copied')),
      () => showToast(t('errors.copyFailed')),
    );
  };
  return (
    <Sheet
      title={t('favourites.kind.text')}
      onClose={onClose}
      testId="favourite-text"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.close')}
          </button>
          <button type="button" className="btn btn--primary" onClick={copy} data-testid="favourite-text-copy">
            {t('chatBox.menu_copy')}
          </button>
        </>
      }
    >
      <div className="fav-text">
        <p className="fav-text__meta">
          <Segments segments={from} />
          <span> · {exactTime(fav.sendTime, now, currentLocale())}</span>
        </p>
        <div className="fav-text__body">
          <TextBubble content={fav.content} testId="favourite-text-body" />
        </div>
      </div>
    </Sheet>
  );
}

/**
 * The per-favourite menu (long-press on a phone, right-click or the "more" button on a
 * desktop): open a text in its detail view, jump to the original message while the server
 * says it is still visible (`origin`), copy a text, forward through the chat box's
 * selector, remove after a confirmation.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessageStatus, MessageType, type Favourite } from '@parley/protocol';
import type { ChatMessage } from '../../../chat/types';
import { chatBoxPath } from '../../../routes/paths';
import { PopoverMenu, type PopoverMenuItem } from '../../../ui/PopoverMenu';
import { showToast } from '../../../ui/toast';
import { ForwardSelector } from '../../chat/box/ForwardSelector';
import { tokensToDisplay } from '../../chat/box/lib/emojiText';
import { FavouriteText } from './FavouriteText';
// The sheets' footer buttons (the forward selector's too): their styles may not be loaded yet on this page.
import '../../../ui/form.css';

/** The chat box link that loads back to the message and shows it (as a search hit's). */
export const originPath = (fav: Favourite): string | null =>
  fav.origin && `${chatBoxPath(fav.chatType, fav.origin.targetId)}&msgId=${fav.origin.messageId}`;

/** A favourite as a message to forward: the same type and content (uploads are reused). */
const asMessage = (fav: Favourite): ChatMessage => ({
  type: fav.type,
  content: fav.content,
  sendId: fav.sendId,
  sendTime: fav.sendTime,
  status: MessageStatus.SENDED,
  selfSend: false,
  loadStatus: 'ok',
});

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

export function useFavouriteMenu(onRemove: (fav: Favourite) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ fav: Favourite; x: number; y: number } | null>(null);
  const [reading, setReading] = useState<Favourite | null>(null);
  const [forwarding, setForwarding] = useState<Favourite | null>(null);
  const open = useCallback((fav: Favourite, x: number, y: number) => setTarget({ fav, x, y }), []);
  const openText = useCallback((fav: Favourite) => setReading(fav), []);

  const itemsFor = (fav: Favourite): PopoverMenuItem[] => {
    const items: PopoverMenuItem[] = [];
    const add = (key: string, label: string, onSelect: () => void, danger = false) =>
      items.push({ key, label, onSelect, danger, testId: `favourite-menu-${key}` });
    const text = fav.type === MessageType.TEXT;
    if (text) add('open', t('favourites.open'), () => setReading(fav));
    const path = originPath(fav);
    if (path) add('jump', t('favourites.jump'), () => void navigate(path));
    if (text) {
      add('copy', t('chatBox.menu_copy'), () =>
        copyText(tokensToDisplay(fav.content)).then(
          () => showToast(t('chatBox.copied')),
          () => showToast(t('errors.copyFailed')),
        ),
      );
    }
    add('forward', t('chatBox.menu_forward'), () => setForwarding(fav));
    add('remove', t('favourites.remove'), () => onRemove(fav), true);
    return items;
  };

  const menu = (
    <>
      {target && (
        <PopoverMenu
          x={target.x}
          y={target.y}
          items={itemsFor(target.fav)}
          onClose={() => setTarget(null)}
          label={t('favourites.menu')}
          testId="favourite-menu"
        />
      )}
      {reading && <FavouriteText fav={reading} onClose={() => setReading(null)} />}
      {forwarding && <ForwardSelector messages={[asMessage(forwarding)]} onClose={() => setForwarding(null)} />}
    </>
  );
  return { open, openText, menu };
}

/**
 * The per-message menu: the quick reactions above, then copy, edit (own text or card, inside
 * the server's edit window), quote, forward, favourite, pin or unpin (when I may), select (several
 * at once), who reacted, recall (own, within 5 minutes), delete for me. It also holds the reaction picker ("+") and
 * the who-reacted sheet.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType, MessageStatus, MessageType, isFavouriteType, isNormalType } from '@parley/protocol';
import { editWindowMs } from '../../../app/serverConfig';
import { chatActions } from '../../../chat';
import { setPinned } from '../../../chat/pinActions';
import { addFavourite } from '../../../favourites';
import { canReact, reactionAfterTap } from '../../../chat/reactions';
import { messageKey, type ChatMessage } from '../../../chat/types';
import { confirmDialog } from '../../../ui/dialog';
import { PopoverMenu, type PopoverMenuItem } from '../../../ui/PopoverMenu';
import { showToast } from '../../../ui/toast';
import { tokensToDisplay } from './lib/emojiText';
import { exactTime } from './lib/grouping';
import { canEdit } from './lib/edit';
import { canRecall, rememberRecalled } from './lib/recall';
import { isSelectable } from './selection/selection';
import { QuickReactions } from './reactions/QuickReactions';
import { ReactionPicker } from './reactions/ReactionPicker';
import { ReactorsSheet } from './reactions/ReactorsSheet';

interface MenuTarget {
  message: ChatMessage;
  x: number;
  y: number;
  /** When the menu opened: the recall and edit windows are judged then. */
  at: number;
  /** Only the quick reactions (the desktop react button). */
  reactOnly: boolean;
}

interface Handlers {
  type: ChatType;
  targetId: number;
  onQuote: (m: ChatMessage) => void;
  onForward: (m: ChatMessage) => void;
  /** Pinned messages of the chat and whether I may pin (chat/pinActions.ts). */
  pins: { pinned: ReadonlySet<number>; may: boolean };
  onEdit: (m: ChatMessage) => void;
  /** Enter selection mode with this message ticked (selection/useSelection.ts). */
  onSelect: (m: ChatMessage) => void;
  /** The chat's messages now: the sheets follow the message as its reactions change. */
  messages: readonly ChatMessage[];
}

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

export function useMessageMenu({ type, targetId, onQuote, onForward, pins, onEdit, onSelect, messages }: Handlers) {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState<MenuTarget | null>(null);
  const [picking, setPicking] = useState<ChatMessage | null>(null);
  const [reactorsOf, setReactorsOf] = useState<{ message: ChatMessage; emoji?: string } | null>(null);
  const open = useCallback(
    (message: ChatMessage, x: number, y: number, reactOnly = false) =>
      setTarget({ message, x, y, at: Date.now(), reactOnly }),
    [],
  );
  const close = useCallback(() => setTarget(null), []);
  const react = useCallback(
    (m: ChatMessage, emoji: string | null) => {
      if (m.id === undefined) return;
      // The request wrapper shows a refusal (left the group, no longer friends, the cap).
      chatActions.react(type, targetId, m.id, emoji).catch(() => undefined);
    },
    [type, targetId],
  );
  const showReactors = useCallback((message: ChatMessage, emoji?: string) => setReactorsOf({ message, emoji }), []);
  const reactorsId = reactorsOf?.message.id;
  const liveReactors = useMemo(
    () => (reactorsId === undefined ? undefined : messages.find((m) => m.id === reactorsId)),
    [reactorsId, messages],
  );

  const itemsFor = (m: ChatMessage, at: number): PopoverMenuItem[] => {
    const key = messageKey(m);
    const stored = m.id !== undefined && m.loadStatus === 'ok';
    const live = isNormalType(m.type) && m.status !== MessageStatus.RECALL;
    const items: PopoverMenuItem[] = [];
    const add = (action: string, onSelect: () => void, danger = false) =>
      items.push({
        key: action,
        label: t(`chatBox.menu_${action}`),
        testId: `message-menu-${action}`,
        onSelect,
        danger,
      });

    if (live && m.type === MessageType.TEXT) {
      add('copy', () => {
        copyText(tokensToDisplay(m.content)).then(
          () => showToast(t('chatBox.copied')),
          () => showToast(t('errors.copyFailed')),
        );
      });
    }
    if (canEdit(m, at, editWindowMs())) add('edit', () => onEdit(m));
    if (live && stored) {
      add('quote', () => onQuote(m));
      add('forward', () => onForward(m));
    }
    const favChat = type === ChatType.PRIVATE || type === ChatType.GROUP ? type : null;
    if (live && stored && m.id !== undefined && favChat && isFavouriteType(m.type)) {
      const id = m.id;
      items.push({
        key: 'favourite',
        label: t('favourites.menuAdd'),
        testId: 'message-menu-favourite',
        onSelect: () =>
          void addFavourite(favChat, id).then(
            () => showToast(t('favourites.added')),
            () => undefined, // the request wrapper showed the catalogue error
          ),
      });
    }
    if (live && stored && pins.may && m.id !== undefined) {
      const id = m.id;
      const pinned = pins.pinned.has(id);
      items.push({
        key: pinned ? 'unpin' : 'pin',
        label: t(pinned ? 'pins.unpin' : 'pins.pin'),
        testId: pinned ? 'message-menu-unpin' : 'message-menu-pin',
        // Refusals (the cap, a role changed meanwhile) were shown by the request wrapper.
        onSelect: () => void setPinned(type, id, !pinned).catch(() => undefined),
      });
    }

    if (isSelectable(m)) add('select', () => onSelect(m));
    if (stored && m.id !== undefined && (m.reactions?.length ?? 0) > 0) {
      add('reactions', () => setReactorsOf({ message: m }));
    }
    if (canRecall(m, at)) {
      add(
        'recall',
        () =>
          void (async () => {
            const ok = await confirmDialog({ content: t('chatBox.recallConfirm'), testId: 'recall-dialog' });
            if (!ok || m.id === undefined) return;
            if (m.type === MessageType.TEXT) rememberRecalled(m.id, tokensToDisplay(m.content), Date.now());
            try {
              await chatActions.recall(type, targetId, m.id);
            } catch {
              // the request wrapper showed the catalogue error (e.g. past 5 minutes)
            }
          })(),
        true,
      );
    }
    add(
      'delete',
      () =>
        void (async () => {
          const ok = await confirmDialog({ content: t('chatBox.deleteConfirm'), testId: 'delete-dialog' });
          if (ok) await chatActions.deleteMessage(type, targetId, key);
        })(),
      true,
    );
    return items;
  };

  const quick = (m: ChatMessage) =>
    canReact(m) ? (
      <QuickReactions
        mine={m.myReaction}
        onPick={(emoji) => {
          close();
          react(m, reactionAfterTap(m, emoji));
        }}
        onMore={() => {
          close();
          setPicking(m);
        }}
      />
    ) : undefined;

  const menu = (
    <>
      {target && (
        <PopoverMenu
          x={target.x}
          y={target.y}
          items={target.reactOnly ? [] : itemsFor(target.message, target.at)}
          onClose={close}
          label={t(target.reactOnly ? 'chatBox.reactions.quick' : 'chatBox.menu')}
          testId="message-menu"
          top={quick(target.message)}
          header={target.reactOnly ? undefined : exactTime(target.message.sendTime, target.at, i18n.language)}
        />
      )}
      {picking && (
        <ReactionPicker
          onPick={(emoji) => react(picking, reactionAfterTap(picking, emoji))}
          onClose={() => setPicking(null)}
        />
      )}
      {reactorsOf && (
        <ReactorsSheet
          message={liveReactors ?? reactorsOf.message}
          initialEmoji={reactorsOf.emoji}
          onClose={() => setReactorsOf(null)}
        />
      )}
    </>
  );

  return { open, menu, react, showReactors };
}

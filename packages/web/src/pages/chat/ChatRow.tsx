/** One chat list row: avatar, name, time, last content (or draft), unread badge, pinned look. */
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../chat/types';
import { currentLocale } from '../../i18n';
import { timeText } from '../../i18n/timeText';
import { Avatar } from '../../ui/Avatar';
import { Paths, chatBoxPath } from '../../routes/paths';
import { useOpenInPane } from '../shell/useWideLayout';
import { EmojiText } from '../../ui/emoji/Emoji';
import { Segments } from '../../ui/Segments';
import { SystemAvatar } from './system/SystemAvatar';
import { useRowTyping } from './useRowTyping';

export const ROW_HEIGHT = 72;
const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 10;

export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));

interface ChatRowProps {
  chat: ChatSummary;
  now: number;
  onOpen: (chat: ChatSummary) => void;
  onMenu: (chat: ChatSummary) => void;
}

export const ChatRow = memo(function ChatRow({ chat, now, onOpen, onMenu }: ChatRowProps) {
  const { t } = useTranslation();
  const id = `${chat.type}-${chat.targetId}`;
  const typing = useRowTyping(chat);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const longPressed = useRef(false);
  // Two panes: this chat is the one open beside the list.
  const selected = useOpenInPane(chat.type === 'SYSTEM' ? Paths.chatSystem : chatBoxPath(chat.type, chat.targetId));

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };

  return (
    <button
      type="button"
      className={`chat-row${chat.pinned ? ' chat-row--pinned' : ''}${selected ? ' row--selected' : ''}`}
      aria-current={selected ? 'page' : undefined}
      data-testid={`chat-row-${id}`}
      data-unread={chat.unreadCount}
      data-pinned={chat.pinned}
      data-muted={chat.muted ? 'true' : undefined}
      onClick={() => {
        if (longPressed.current) {
          longPressed.current = false;
          return;
        }
        onOpen(chat);
      }}
      onContextMenu={(e) => {
        e.preventDefault();
        cancelPress();
        onMenu(chat);
      }}
      onPointerDown={(e) => {
        if (e.pointerType === 'mouse') return;
        longPressed.current = false;
        cancelPress();
        press.current = {
          x: e.clientX,
          y: e.clientY,
          timer: setTimeout(() => {
            press.current = null;
            longPressed.current = true;
            onMenu(chat);
          }, LONG_PRESS_MS),
        };
      }}
      onPointerMove={(e) => {
        const p = press.current;
        if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > MOVE_TOLERANCE_PX) cancelPress();
      }}
      onPointerUp={cancelPress}
      onPointerCancel={cancelPress}
    >
      <span className="chat-row__avatar">
        {chat.type === 'SYSTEM' ? (
          <SystemAvatar name={chat.showName} />
        ) : (
          <Avatar
            src={chat.headImage}
            name={chat.showName}
            colourId={chat.type === 'GROUP' ? `g${chat.targetId}` : chat.targetId}
            size={48}
          />
        )}
        {chat.unreadCount > 0 && (
          <span
            className={`chat-row__badge${chat.muted ? ' chat-row__badge--muted' : ''}`}
            data-testid={`chat-unread-${id}`}
            aria-hidden="true"
          >
            {badgeText(chat.unreadCount)}
          </span>
        )}
        {/* the row's name is its visible text (WCAG 2.5.3); the count is read from here */}
        {chat.unreadCount > 0 && <span className="sr-only">{t('chat.unreadCount', { count: chat.unreadCount })}</span>}
      </span>
      <span className="chat-row__main">
        <span className="chat-row__top">
          <span className="chat-row__name" dir="auto">
            {chat.showName}
          </span>
          <span className="chat-row__time">
            {chat.lastSendTime > 0 ? timeText(chat.lastSendTime, now, currentLocale(), t) : ''}
          </span>
        </span>
        <span className="chat-row__bottom">
          <span
            className={`chat-row__last${chat.missedCall && !chat.draft ? ' chat-row__last--missed' : ''}`}
            data-testid={`chat-last-${id}`}
          >
            {(chat.atMe || chat.atAll) && (
              <span className="chat-row__draft" data-testid={`chat-at-${id}`}>
                {t(chat.atMe ? 'chat.atMe' : 'chat.atAll')}{' '}
              </span>
            )}
            {chat.lastFailed && !chat.draft && (
              <span
                className="chat-row__failed"
                role="img"
                aria-label={t('bugs.sendFailed')}
                data-testid={`chat-failed-${id}`}
              >
                !
              </span>
            )}
            {typing.length > 0 ? (
              <span className="chat-row__typing" data-testid={`chat-typing-${id}`}>
                <Segments segments={typing} />
              </span>
            ) : chat.draft ? (
              <>
                <span className="chat-row__draft">{t('chat.draft')}</span>{' '}
                <bdi>
                  <EmojiText text={chat.draft} />
                </bdi>
              </>
            ) : chat.lastParts ? (
              <Segments segments={chat.lastParts} render={(text) => <EmojiText text={text} />} />
            ) : (
              <bdi>
                <EmojiText text={chat.lastContent} />
              </bdi>
            )}
          </span>
          {chat.muted && (
            <svg
              className="chat-row__muted"
              data-testid={`chat-muted-${id}`}
              viewBox="0 0 24 24"
              width="14"
              height="14"
              role="img"
            >
              <title>{t('friend.dnd')}</title>
              <path
                d="M6 16h12l-1.6-2.2V10a4.4 4.4 0 0 0-8.8 0v3.8zM10.3 18.5a1.8 1.8 0 0 0 3.4 0M4 4l16 16"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          )}
          {chat.pinned && (
            <svg className="chat-row__pin" viewBox="0 0 24 24" width="14" height="14" role="img">
              <title>{t('chat.pinned')}</title>
              <path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          )}
        </span>
      </span>
    </button>
  );
});

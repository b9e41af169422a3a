/** The actions of one chat (long press or right click): pin or unpin, delete. */
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { moveByArrows, useFocusTrap } from '../../ui/focusTrap';
import type { ChatSummary } from '../../chat/types';

interface ChatRowMenuProps {
  chat: ChatSummary;
  onPin: (pinned: boolean) => void;
  onDelete: () => void;
  onClose: () => void;
}

export function ChatRowMenu({ chat, onPin, onDelete, onClose }: ChatRowMenuProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // First item focused, Tab kept inside, Escape closes, focus back to the row.
  useFocusTrap(menu, { initial: first, onEscape: onClose });
  return createPortal(
    <div
      className="chat-menu-mask"
      data-testid="chat-menu"
      onPointerDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={menu}
        className="chat-menu"
        role="menu"
        aria-label={t('chat.menu.title')}
        onKeyDown={(e) => moveByArrows(e.currentTarget, e, 'button')}
      >
        <p className="chat-menu__title" dir="auto">
          {chat.showName}
        </p>
        <button
          ref={first}
          type="button"
          role="menuitem"
          className="chat-menu__item"
          data-testid="chat-menu-pin"
          onClick={() => onPin(!chat.pinned)}
        >
          {t(chat.pinned ? 'chat.menu.unpin' : 'chat.menu.pin')}
        </button>
        <button
          type="button"
          role="menuitem"
          className="chat-menu__item chat-menu__item--danger"
          data-testid="chat-menu-delete"
          onClick={onDelete}
        >
          {t('chat.menu.delete')}
        </button>
        <button type="button" className="chat-menu__item chat-menu__cancel" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </div>,
    document.body,
  );
}

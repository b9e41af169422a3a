/** The actions of one chat (long press or right click): pin or unpin, delete. */
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
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
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div
      className="chat-menu-mask"
      data-testid="chat-menu"
      onPointerDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="chat-menu" role="menu" aria-label={t('chat.menu.title')}>
        <p className="chat-menu__title">{chat.showName}</p>
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

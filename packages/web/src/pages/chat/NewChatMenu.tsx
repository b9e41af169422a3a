/**
 * Ways to start from the Messages tab (issue 22 point 10): the nav bar's "+" opens a
 * small menu (a chat with a contact picked from a sheet, add a friend, a new group), and an empty chat list
 * offers Add friend and New group instead of only saying it is empty.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Links, Paths } from '../../routes/paths';
import { IconButton } from '../../ui/IconButton';
import { PopoverMenu } from '../../ui/PopoverMenu';
import { ContactPicker } from './ContactPicker';
import '../../ui/form.css';

export function NewChatButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const anchor = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const [picking, setPicking] = useState(false);
  const close = useCallback(() => setAt(null), []);
  const closePicker = useCallback(() => setPicking(false), []);
  const open = () => {
    const r = anchor.current?.getBoundingClientRect();
    if (!r) return;
    // Under the button, its end edge lined up with the button's (the start edge in right-to-left).
    const rtl = document.documentElement.dir === 'rtl';
    setAt({ x: rtl ? r.left : r.right - MENU_WIDTH, y: r.bottom });
  };
  return (
    <span ref={anchor} className="nav-actions">
      <IconButton label={t('chat.start.menu')} testId="chat-start" onClick={open}>
        <path d="M12 5v14M5 12h14" />
      </IconButton>
      {at && (
        <PopoverMenu
          x={at.x}
          y={at.y}
          onClose={close}
          label={t('chat.start.menu')}
          testId="chat-start-menu"
          items={[
            {
              key: 'chat',
              label: t('chat.start.newChat'),
              testId: 'chat-start-chat',
              onSelect: () => setPicking(true),
            },
            {
              key: 'friend',
              label: t('friend.add'),
              testId: 'chat-start-friend',
              onSelect: () => void navigate(Paths.friendAdd),
            },
            {
              key: 'group',
              label: t('group.create'),
              testId: 'chat-start-group',
              onSelect: () => void navigate(Links.groupEdit()),
            },
          ]}
        />
      )}
      {picking && <ContactPicker onClose={closePicker} />}
    </span>
  );
}

/** The popover's least width (popover-menu.css); it lines the menu up, and PopoverMenu keeps it on screen. */
const MENU_WIDTH = 148;

export function EmptyChatActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="chat-empty-actions">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void navigate(Paths.friendAdd)}
        data-testid="chat-empty-add-friend"
      >
        {t('friend.add')}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => void navigate(Links.groupEdit())}
        data-testid="chat-empty-new-group"
      >
        {t('group.create')}
      </button>
    </div>
  );
}

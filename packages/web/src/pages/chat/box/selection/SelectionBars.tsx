/**
 * Selection mode's two bars: the navigation bar ("N selected", Cancel) in place of the chat's,
 * and the action bar (Forward, Favourite, Delete) in place of the composer.
 */
import { useTranslation } from 'react-i18next';
import '../../../../ui/navbar.css';
import './selection.css';

export function SelectNav({ count, onCancel }: { count: number; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="navbar chat-nav select-nav" data-testid="select-nav">
      <div className="navbar__side">
        <button type="button" className="select-nav__cancel" onClick={onCancel} data-testid="select-cancel">
          {t('common.cancel')}
        </button>
      </div>
      <h1 className="navbar__title" aria-live="polite" data-testid="select-count" data-count={count}>
        {t('chatBox.select.count', { count })}
      </h1>
      <div className="navbar__side navbar__side--end" />
    </header>
  );
}

interface SelectBarProps {
  count: number;
  busy: boolean;
  onForward: () => void;
  onFavourite: () => void;
  onDelete: () => void;
}

const ICONS = {
  forward: 'M13 5l7 6.5-7 6.5v-4C7.5 14 4.5 15.5 3 19c0-5.5 3-10 10-10.5z',
  favourite: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  delete: 'M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5',
} as const;

export function SelectBar({ count, busy, onForward, onFavourite, onDelete }: SelectBarProps) {
  const { t } = useTranslation();
  const none = count === 0 || busy;
  const button = (action: keyof typeof ICONS, label: string, onClick: () => void) => (
    <button
      type="button"
      className={`select-bar__action select-bar__action--${action}`}
      disabled={none}
      onClick={onClick}
      data-testid={`select-${action}`}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d={ICONS[action]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{label}</span>
    </button>
  );
  return (
    <div className="select-bar" role="toolbar" aria-label={t('chatBox.select.actions')} data-testid="select-bar">
      {button('forward', t('chatBox.menu_forward'), onForward)}
      {button('favourite', t('favourites.menuAdd'), onFavourite)}
      {button('delete', t('chatBox.menu_delete'), onDelete)}
    </div>
  );
}

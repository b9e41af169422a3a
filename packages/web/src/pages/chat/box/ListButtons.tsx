/**
 * The message list's floating buttons: the unread pill (it points to where the unread
 * messages not yet seen are and goes to the first of them) and the jump-to-latest button
 * (shown while scrolled up, with the count of messages that came meanwhile).
 */
import { useTranslation } from 'react-i18next';

export function UnreadPill({
  count,
  direction,
  onClick,
}: {
  count: number;
  direction: 'up' | 'down';
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`pill ${direction === 'up' ? 'pill--top' : 'pill--above-jump'}`}
      data-testid="unread-pill"
      data-direction={direction}
      onClick={onClick}
    >
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
      {t('chatBox.unreadCount', { count })}
    </button>
  );
}

export function JumpLatest({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  const label =
    count > 0 ? `${t('chatBox.jumpLatest')}, ${t('chatBox.newMessages', { count })}` : t('chatBox.jumpLatest');
  return (
    <button
      type="button"
      className="jump-latest"
      data-testid="jump-latest"
      aria-label={label}
      title={t('chatBox.jumpLatest')}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 4v14m-6-6 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {count > 0 && (
        <span className="jump-latest__count" data-testid="jump-latest-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

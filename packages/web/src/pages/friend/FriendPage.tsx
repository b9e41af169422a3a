/** Contacts tab. The friend list arrives with the friends feature; until then a real empty state. */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';

export default function FriendPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('tabs.friend')} noBack />
      <EmptyState
        testId="friend-empty"
        icon={
          <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
            <path
              d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6.5 9a6.5 6.5 0 0 1 13 0zM16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6.5 6.5 0 0 1 3.5 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        }
        title={t('friend.emptyTitle')}
        text={t('friend.emptyText')}
      />
    </div>
  );
}

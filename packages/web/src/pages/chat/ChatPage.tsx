/** Messages tab. The chat list arrives with the chat feature; until then a real empty state. */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { ConnectionBanner } from './ConnectionBanner';

export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <NavBar title={t('tabs.chat')} noBack />
      <ConnectionBanner />
      <EmptyState
        testId="chat-empty"
        icon={
          <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
            <path
              d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 15.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinejoin="round"
            />
          </svg>
        }
        title={t('chat.emptyTitle')}
        text={t('chat.emptyText')}
      />
    </div>
  );
}

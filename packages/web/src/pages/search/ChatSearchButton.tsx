/** The magnifier in the chat box's bar: opens the search of this chat's messages. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export function ChatSearchButton({ link }: { link: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="nav-icon"
      onClick={() => void navigate(link)}
      aria-label={t('search.inChat')}
      title={t('search.inChat')}
      data-testid="chat-box-search"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15zM16 16l5 5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

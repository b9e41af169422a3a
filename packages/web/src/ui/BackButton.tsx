/** The navigation bar's back button: in-app history when there is some, else `backTo`. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export function BackButton({ backTo }: { backTo: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // react-router keeps the history index in state.idx; 0 means this is the first entry (opened from a link).
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(backTo, { replace: true });
  };
  return (
    <button
      type="button"
      className="navbar__back"
      onClick={goBack}
      aria-label={t('common.back')}
      data-testid="nav-back"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M15 4 7 12l8 8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

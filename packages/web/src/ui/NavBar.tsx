/** The custom navigation bar: back, centred title, optional action at the end. */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './navbar.css';

interface NavBarProps {
  title: string;
  /** Where back goes when there is no in-app history (opened from a link). */
  backTo?: string;
  /** No back button (tab pages). */
  noBack?: boolean;
  end?: ReactNode;
}

export function NavBar({ title, backTo = '/', noBack, end }: NavBarProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // react-router keeps the history index in state.idx; 0 means this is the first entry.
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(backTo, { replace: true });
  };
  return (
    <header className="navbar">
      <div className="navbar__side">
        {!noBack && (
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
        )}
      </div>
      <h1 className="navbar__title">{title}</h1>
      <div className="navbar__side navbar__side--end">{end}</div>
    </header>
  );
}

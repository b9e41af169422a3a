/** The external-link warning (spec §8): you are leaving the app; continue or cancel. */
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';
import './common.css';

/** Only http(s) targets leave the app; anything else (javascript:, data:) is refused. */
export function safeExternalUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function LeaveWarning({ rawUrl, backTo }: { rawUrl: string | null; backTo: string }) {
  const { t } = useTranslation();
  const url = safeExternalUrl(rawUrl);
  const cancel = () => {
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) history.back();
    else location.hash = `#${backTo}`;
  };
  const proceed = () => {
    if (!url) return;
    // a new tab keeps the app open behind; when pop-ups are blocked, go in place
    const win = window.open(url, '_blank', 'noopener,noreferrer');
    if (!win) location.assign(url);
  };
  return (
    <div className="page page--narrow">
      <NavBar title={t('externalLink.title')} backTo={backTo} />
      <div className="leave" data-testid="external-link-warning">
        <svg className="leave__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
          <path
            d="M12 3 2 20h20zM12 10v4.5M12 17.2v.3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        <p className="leave__text">{url ? t('errors.externalLinkWarning') : t('externalLink.invalid')}</p>
        {url && (
          <p className="leave__url" dir="ltr" data-testid="external-link-url">
            {url}
          </p>
        )}
        <div className="leave__actions">
          <button type="button" className="btn" onClick={cancel} data-testid="external-link-cancel">
            {t('common.cancel')}
          </button>
          {url && (
            <button type="button" className="btn btn--primary" onClick={proceed} data-testid="external-link-continue">
              {t('externalLink.continue')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

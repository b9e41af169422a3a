/** Brand block and language shortcut above the login and register forms. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '@parley/protocol';
import { currentLocale } from '../../i18n';
import { Paths } from '../../routes/paths';

export function AuthLangButton() {
  const navigate = useNavigate();
  useTranslation(); // re-render on language change
  return (
    <div className="auth__top">
      <button type="button" className="auth__lang" data-testid="auth-lang" onClick={() => void navigate(Paths.lang)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        {LOCALE_NAMES[currentLocale()]}
      </button>
    </div>
  );
}

export function AuthBrand({ subtitle }: { subtitle: string }) {
  const { t } = useTranslation();
  return (
    <div className="auth__brand">
      <img className="auth__logo" src="/icon.svg" alt="" />
      <h1 className="auth__title">{t('app.name')}</h1>
      <p className="auth__subtitle">{subtitle}</p>
    </div>
  );
}

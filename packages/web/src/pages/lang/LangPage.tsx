/** /pages/lang/lang: the 15 languages by their own names; a tick on the current one. */
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES } from '@parley/protocol';
import { changeLocale, currentLocale } from '../../i18n';
import { Paths } from '../../routes/paths';
import { CellGroup } from '../../ui/Cell';
import { NavBar } from '../../ui/NavBar';
import '../../ui/cell.css';

export default function LangPage() {
  const { t } = useTranslation(); // re-renders on change, so the tick and texts move at once
  const current = currentLocale();
  return (
    <div className="page page--narrow">
      <NavBar title={t('lang.title')} backTo={Paths.mine} />
      <CellGroup>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            className="cell cell--button"
            // a choice of one: radio semantics (a menu item would need a menu around it)
            role="radio"
            aria-checked={locale === current}
            data-testid={`lang-item-${locale}`}
            onClick={() => void changeLocale(locale)}
          >
            <span className="cell__label" lang={locale}>
              {/* bdi: an RTL name keeps its own order but lines up with the rest of the list */}
              <bdi>{LOCALE_NAMES[locale]}</bdi>
            </span>
            {locale === current && (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-testid="lang-current">
                <path
                  d="m5 12.5 4.5 4.5L19 7.5"
                  fill="none"
                  stroke="#e0b800"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
          </button>
        ))}
      </CellGroup>
    </div>
  );
}

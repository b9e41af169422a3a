/** Previous / "page of pages" / next under a console list. */
import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId: string;
}

export function Pager({ page, pages, onPage, testId }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="console-pager" aria-label={t('console.pager.label')} data-testid={testId}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('console.pager.prev')}
      </button>
      <span className="console-pager__at">{t('console.pager.at', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('console.pager.next')}
      </button>
    </nav>
  );
}

/** What a console list shows instead of rows: a spinner, a retry, or "nothing here". */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';

interface ListStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
  emptyText: string;
  testId: string;
}

export function ListState({ loading, failed, empty, onRetry, emptyText, testId }: ListStateProps) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <button type="button" className="page-state page-state--error" onClick={onRetry} data-testid={`${testId}-error`}>
        {t('console.loadFailed')}
      </button>
    );
  }
  if (loading && empty) {
    return (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }
  if (empty) return <EmptyState testId={`${testId}-empty`} title={emptyText} />;
  return null;
}

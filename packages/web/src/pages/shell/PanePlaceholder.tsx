/** The right pane with nothing open: what the list beside it is for. */
import { useTranslation } from 'react-i18next';
import type { TabKey } from '../../routes/paths';

export function PanePlaceholder({ tab }: { tab: TabKey }) {
  const { t } = useTranslation();
  return (
    <div className="pane-placeholder" data-testid="pane-placeholder">
      <svg className="pane-placeholder__icon" viewBox="0 0 24 24" width="72" height="72" aria-hidden="true">
        <path
          d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 15.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.1"
          strokeLinejoin="round"
        />
        <path d="M8.5 8.5h7M8.5 11.5h4.5" stroke="currentColor" strokeWidth="1.1" strokeLinecap="round" />
      </svg>
      <h2 className="pane-placeholder__title">{t(`layout.empty.${tab}.title`)}</h2>
      <p className="pane-placeholder__text">{t(`layout.empty.${tab}.text`)}</p>
    </div>
  );
}

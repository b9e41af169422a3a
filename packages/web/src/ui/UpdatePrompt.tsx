/** "A new version is ready" with a Reload button, while an installed update waits (app/serviceWorker.ts). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../app/serviceWorker';
import './update-prompt.css';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  if (!waiting || dismissed) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt__text">{t('offline.newVersion')}</span>
      <button type="button" className="update-prompt__reload" onClick={applyUpdate} data-testid="update-reload">
        {t('offline.reload')}
      </button>
      <button
        type="button"
        className="update-prompt__later"
        onClick={() => setDismissed(true)}
        aria-label={t('offline.later')}
        title={t('offline.later')}
      >
        ×
      </button>
    </div>
  );
}

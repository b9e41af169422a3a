/** Shows the socket state while it is not logged in (connecting, or lost and retrying). */
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../socket';
import { Spinner } from '../../ui/Spinner';
import './chat.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state === 'loggedIn') return null;
  return (
    <div className="conn-banner" role="status" data-testid="connection-banner" data-state={state}>
      <Spinner size={14} />
      <span>{state === 'open' ? t('chat.connecting') : t('errors.connectionLost')}</span>
    </div>
  );
}

/**
 * Shows the socket state while it is not logged in: "connecting" (at start, after a drop,
 * while the server restarts), or "no network" when the browser knows it is offline. The
 * stored chats stay usable underneath; messages typed meanwhile wait in the queue.
 */
import { useTranslation } from 'react-i18next';
import { useBrowserOnline } from '../../app/network';
import { useConnectionState } from '../../socket';
import { Spinner } from '../../ui/Spinner';
import './chat.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const online = useBrowserOnline();
  if (state === 'loggedIn') return null;
  return (
    <div
      className="conn-banner"
      role="status"
      data-testid="connection-banner"
      data-state={state}
      data-network={online ? 'online' : 'offline'}
    >
      {online && <Spinner size={14} />}
      <span>{online ? t('offline.connecting') : t('offline.noNetwork')}</span>
    </div>
  );
}

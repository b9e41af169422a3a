/**
 * Shows the socket state while it is not logged in: "connecting" (at start, after a drop,
 * while the server restarts), or "no network" when the browser knows it is offline. The
 * stored chats stay usable underneath; an attempt that failed to connect shows
 * its runtime code (600009, spec §8) until one succeeds; messages typed meanwhile wait in the queue.
 */
import { useTranslation } from 'react-i18next';
import { useBrowserOnline } from '../../app/network';
import { useConnectionFailure, useConnectionState } from '../../socket';
import { Spinner } from '../../ui/Spinner';
import './chat.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const online = useBrowserOnline();
  const failure = useConnectionFailure();
  if (state === 'loggedIn') return null;
  // Spec §8: an attempt that could not connect says so, with its code (600009), while retries go on.
  const text = !online
    ? t('offline.noNetwork')
    : failure
      ? t('offline.connectFailed', { code: failure.code })
      : t('offline.connecting');
  return (
    <div
      className="conn-banner"
      role="status"
      data-testid="connection-banner"
      data-state={state}
      data-network={online ? 'online' : 'offline'}
      data-code={online && failure ? failure.code : undefined}
    >
      {online && <Spinner size={14} />}
      <span>{text}</span>
    </div>
  );
}

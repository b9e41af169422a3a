/**
 * Shows the socket state while it is not logged in: "connecting" (at start, after a drop,
 * while the server restarts), or "no network" when the browser knows it is offline. The
 * stored chats stay usable underneath; messages typed meanwhile wait in the queue. An
 * attempt that failed to connect adds a detail line with its runtime code (600009, spec
 * §8) until one succeeds: the state reads first, the code is for whoever asks why.
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
  const detail = online && failure ? t('offline.connectFailed', { code: failure.code }) : null;
  return (
    <div
      className="conn-banner"
      role="status"
      data-testid="connection-banner"
      data-state={state}
      data-network={online ? 'online' : 'offline'}
      data-code={online && failure ? failure.code : undefined}
    >
      <div className="conn-banner__state">
        {online && <Spinner size={14} />}
        <span>{online ? t('offline.connecting') : t('offline.noNetwork')}</span>
      </div>
      {detail && (
        <div className="conn-banner__detail" data-testid="connection-detail">
          {detail}
        </div>
      )}
    </div>
  );
}

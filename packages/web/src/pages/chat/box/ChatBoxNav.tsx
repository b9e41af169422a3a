/** The chat box's own navigation bar: back, the peer's name and online state, and the way to their profile. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../../routes/paths';
import { useBrowserOnline } from '../../../app/network';
import { useConnectionFailure, useConnectionState } from '../../../socket';
import { BackButton } from '../../../ui/BackButton';
import { Segments } from '../../../ui/Segments';
import { ChatSearchButton } from '../../search/ChatSearchButton';
import { useTypingLine } from './useTypingLine';
import { useLastSeen } from '../../../contacts/useLastSeen';
import '../../../ui/navbar.css';
import './chat-polish.css';

interface ChatBoxNavProps {
  title: string;
  /** A group's member count, after its name (outside the name's isolate). */
  count?: number;
  /** undefined: not known (not a friend, or a group). */
  online?: boolean;
  /** The friend's last seen when they share it (Friend.lastSeenAt), shown while offline. */
  lastSeenAt?: number;
  /** The friend's profile or the group's info. */
  infoLink: string;
  /** Search in this chat (pages/search/ChatSearchPage). */
  searchLink?: string;
}

export function ChatBoxNav({ title, count, online, lastSeenAt, infoLink, searchLink }: ChatBoxNavProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const connecting = useConnectionState() !== 'loggedIn';
  // The header says only what is happening ("Waiting for network…", "Connecting…"); a
  // failed attempt's code (600009, spec §8) is its detail, in the title and the list's banner.
  const browserOnline = useBrowserOnline();
  const lastFailure = useConnectionFailure();
  const failure = browserOnline ? lastFailure : null;
  const typing = useTypingLine();
  const lastSeen = useLastSeen(online === false ? lastSeenAt : undefined);
  return (
    <header className="navbar chat-nav">
      <div className="navbar__side">
        <BackButton backTo={Paths.chat} />
      </div>
      <div className="chat-nav__title">
        <h1 className="navbar__title" data-testid="chat-box-title">
          <bdi>{title}</bdi>
          {count !== undefined && ` (${count})`}
        </h1>
        {connecting ? (
          // While the socket is down the friend's last known state would be a guess.
          <span
            className="chat-nav__state"
            role="status"
            data-testid="chat-box-connecting"
            data-network={browserOnline ? 'online' : 'offline'}
            data-code={failure?.code}
            title={failure ? t('offline.connectFailed', { code: failure.code }) : undefined}
          >
            {browserOnline ? t('offline.connecting') : t('offline.waitingNetwork')}
          </span>
        ) : typing.length > 0 ? (
          <span className="chat-nav__state chat-nav__typing" role="status" data-testid="chat-box-typing" dir="auto">
            {/* one flex item: the names and the words stay one line of text */}
            <span>
              <Segments segments={typing} />
            </span>
          </span>
        ) : (
          online !== undefined && (
            <span
              className={`chat-nav__state${online ? ' chat-nav__state--online' : ''}`}
              data-testid="chat-box-online"
              data-online={online}
              data-last-seen={lastSeen !== null}
            >
              {lastSeen ?? t(online ? 'userInfo.online' : 'userInfo.offline')}
            </span>
          )
        )}
      </div>
      <div className="navbar__side navbar__side--end">
        {searchLink && <ChatSearchButton link={searchLink} />}
        <button
          type="button"
          className="nav-icon"
          onClick={() => void navigate(infoLink)}
          aria-label={t('chatBox.peerInfo')}
          title={t('chatBox.peerInfo')}
          data-testid="chat-box-menu"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M5 12h.01M12 12h.01M19 12h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </header>
  );
}

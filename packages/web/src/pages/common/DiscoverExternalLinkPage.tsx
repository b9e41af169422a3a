/**
 * /pages/common/discover-external-link?url=&chatIdx= : a link opened from Discover. A page
 * that allows framing shows inside the app (with "open outside", which passes the leave
 * warning); any other shows the leave warning. With `chatIdx` (a chat list index), back
 * returns to that chat.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useChatList } from '../../chat';
import { chatBoxPath, Paths } from '../../routes/paths';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { linkByUrl, loadDiscoverLinks, useDiscoverLinks } from '../discover/discoverLinks';
import { LeaveWarning, safeExternalUrl } from './LeaveWarning';
import '../discover/discover.css';

export default function DiscoverExternalLinkPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawUrl = params.get('url');
  const backTo = useBackTo(params.get('chatIdx'));
  const { links, failed } = useDiscoverLinks();
  useEffect(() => {
    if (links === null) void loadDiscoverLinks();
  }, [links]);

  const url = safeExternalUrl(rawUrl);
  const link = linkByUrl(links, rawUrl);
  if (url && links === null && !failed) {
    return (
      <div className="page">
        <NavBar title={t('externalLink.title')} backTo={backTo} />
        <div className="page-state">
          <Spinner />
        </div>
      </div>
    );
  }
  // "open outside" pushes ?leave=1, so cancelling the warning comes back to the frame
  if (!url || !link?.frameable || params.get('leave') === '1') return <LeaveWarning rawUrl={rawUrl} backTo={backTo} />;

  const openOutside = () => {
    const next = new URLSearchParams(params);
    next.set('leave', '1');
    setParams(next);
  };
  return (
    <div className="page discover-frame" data-testid="discover-frame-page">
      <NavBar
        title={link.title}
        backTo={backTo}
        end={
          <button
            type="button"
            className="nav-icon"
            onClick={openOutside}
            aria-label={t('discover.openOutside')}
            title={t('discover.openOutside')}
            data-testid="discover-open-outside"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        }
      />
      <iframe
        className="discover-frame__iframe"
        src={url}
        title={link.title}
        // the page runs as itself (its own origin), never with this app's
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        data-testid="discover-frame"
      />
    </div>
  );
}

/** The chat at `chatIdx` of the chat list, or the Discover tab. */
function useBackTo(chatIdx: string | null): string {
  const { chats } = useChatList();
  const idx = chatIdx && /^\d+$/.test(chatIdx) ? Number(chatIdx) : -1;
  const chat = idx >= 0 ? chats[idx] : undefined;
  return chat ? chatBoxPath(chat.type, chat.targetId) : Paths.discover;
}

/**
 * /pages/chat/chat-shared?type=PRIVATE|GROUP&targetId=: a chat's shared media, files
 * and links (issue 22 point 4), newest first; a tap opens the message in the chat box
 * (the jump of a search hit); a photo or video of this server opens the viewer instead.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChatType, MessageType, SharedKind } from '@parley/protocol';
import { hitLink } from '../../../search/open';
import { useIdParam } from '../../../routes/useIdParam';
import { EmptyState } from '../../../ui/EmptyState';
import { NavBar } from '../../../ui/NavBar';
import { Spinner } from '../../../ui/Spinner';
import { ZoomImageViewer } from '../../../ui/ZoomImageViewer';
import { VideoPlayer } from '../box/VideoPlayer';
import { parseFile, parseImage, parseVideo } from '../box/lib/content';
import { isOwnMediaUrl } from '../box/lib/safeMedia';
import { formatDuration, formatFileSize } from '../box/lib/format';
import { useSharedItems, type SharedItem } from './useSharedItems';
import { chatDetailsLink } from './links';
import '../box/chat-box.css'; // the video player's styles
import './details.css';

const KINDS = [SharedKind.MEDIA, SharedKind.FILE, SharedKind.LINK] as const;

export default function ChatSharedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const targetId = useIdParam('targetId');
  const raw = params.get('type');
  const type = raw === ChatType.PRIVATE || raw === ChatType.GROUP ? raw : null;
  if (!type || !targetId) {
    return (
      <div className="page">
        <EmptyState testId="chat-shared-missing" title={t('chatBox.missing')} />
      </div>
    );
  }
  return <Shared type={type} targetId={targetId} />;
}

function Shared({ type, targetId }: { type: 'PRIVATE' | 'GROUP'; targetId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SharedKind>(SharedKind.MEDIA);
  return (
    <div className="page" data-testid="chat-shared-page">
      <NavBar title={t('chatDetails.shared')} backTo={chatDetailsLink(type, targetId)} />
      <div className="shared-tabs" role="tablist">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? 'shared-tab shared-tab--on' : 'shared-tab'}
            onClick={() => setKind(k)}
            data-testid={`chat-shared-tab-${k}`}
          >
            {t(`chatDetails.kind.${k}`)}
          </button>
        ))}
      </div>
      <SharedList key={kind} type={type} targetId={targetId} kind={kind} />
    </div>
  );
}

function SharedList({ type, targetId, kind }: { type: 'PRIVATE' | 'GROUP'; targetId: number; kind: SharedKind }) {
  const { t } = useTranslation();
  const shared = useSharedItems(type, targetId, kind);
  const navigate = useNavigate();
  const open = (item: SharedItem) => void navigate(hitLink({ chatType: type, targetId, id: item.id }));
  const [viewing, setViewing] = useState<{ image?: { src: string; thumb: string }; video?: string } | null>(null);
  // Media opens the viewer when it is this server's upload; anything else opens in the chat box (as there).
  const openMedia = (item: SharedItem) => {
    const image = item.type === MessageType.IMAGE ? parseImage(item.content) : null;
    const video = item.type === MessageType.VIDEO ? parseVideo(item.content) : null;
    if (image && isOwnMediaUrl(image.originUrl)) setViewing({ image: { src: image.originUrl, thumb: image.thumbUrl } });
    else if (video && isOwnMediaUrl(video.videoUrl)) setViewing({ video: video.videoUrl });
    else open(item);
  };
  const end = useRef<HTMLDivElement>(null);
  const { more } = shared;

  // The next page when the end of the list comes into view.
  useEffect(() => {
    const el = end.current;
    if (!el) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more());
    seen.observe(el);
    return () => seen.disconnect();
  }, [more]);

  return (
    <div
      className="page__body shared-body"
      role="tabpanel"
      data-testid="chat-shared-list"
      data-kind={kind}
      aria-busy={shared.loading}
    >
      {kind === SharedKind.MEDIA ? (
        <div className="shared-grid">
          {shared.items.map((item) => (
            <MediaTile key={item.id} item={item} onOpen={openMedia} />
          ))}
        </div>
      ) : (
        <ul className="shared-list">
          {shared.items.map((item) => (
            <li key={item.id}>
              <Row item={item} kind={kind} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      {shared.done && shared.items.length === 0 && (
        <EmptyState testId="chat-shared-empty" title={t(`chatDetails.empty.${kind}`)} />
      )}
      {shared.loading && (
        <div className="page-state">
          <Spinner />
        </div>
      )}
      <div ref={end} className="shared-end" />
      {viewing?.image && (
        <ZoomImageViewer
          src={viewing.image.src}
          placeholder={viewing.image.thumb}
          alt={t('chat.preview.image')}
          onClose={() => setViewing(null)}
        />
      )}
      {viewing?.video && <VideoPlayer src={viewing.video} onClose={() => setViewing(null)} />}
    </div>
  );
}

function MediaTile({ item, onOpen }: { item: SharedItem; onOpen: (item: SharedItem) => void }) {
  const { t } = useTranslation();
  const video = item.type === MessageType.VIDEO ? parseVideo(item.content) : null;
  const image = item.type === MessageType.IMAGE ? parseImage(item.content) : null;
  // Only this server's uploads load here, as in the chat box: a crafted outside URL is never fetched.
  const candidate = image?.thumbUrl || image?.originUrl || video?.coverUrl || '';
  const src = candidate && isOwnMediaUrl(candidate) ? candidate : '';
  return (
    <button
      type="button"
      className="shared-tile"
      onClick={() => onOpen(item)}
      data-testid="chat-shared-media"
      aria-label={t(video ? 'chatDetails.openVideo' : 'chatDetails.openImage')}
    >
      {src ? <img src={src} alt="" loading="lazy" draggable={false} /> : <span className="shared-tile__blank" />}
      {video && <span className="shared-tile__duration">{formatDuration(video.duration)}</span>}
    </button>
  );
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;

function Row({ item, kind, onOpen }: { item: SharedItem; kind: SharedKind; onOpen: (item: SharedItem) => void }) {
  const { i18n } = useTranslation();
  const date = new Date(item.sendTime).toLocaleDateString(i18n.language);
  if (kind === SharedKind.FILE) {
    const file = parseFile(item.content);
    return (
      <button type="button" className="shared-row" onClick={() => onOpen(item)} data-testid="chat-shared-file">
        <span className="shared-row__title" dir="auto">
          {file?.name ?? ''}
        </span>
        <span className="shared-row__meta">
          <bdi>{file ? formatFileSize(file.size) : ''}</bdi> · <bdi>{date}</bdi>
        </span>
      </button>
    );
  }
  const url = URL_IN_TEXT.exec(item.content)?.[0] ?? '';
  return (
    <button type="button" className="shared-row" onClick={() => onOpen(item)} data-testid="chat-shared-link">
      <span className="shared-row__title" dir="auto">
        {item.linkTitle || item.content}
      </span>
      <span className="shared-row__meta">
        <bdi dir="ltr">{url}</bdi> · <bdi>{date}</bdi>
      </span>
    </button>
  );
}

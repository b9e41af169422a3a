/**
 * Image and video bubbles: a box with the media's aspect ratio, so rows never jump when it loads.
 * Media from outside this server's uploads is never loaded; a tap goes through the external-link warning.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fitBox, formatDuration } from '../lib/format';
import { parseImage, parseVideo } from '../lib/content';
import { externalLinkPath, isOwnMediaUrl } from '../lib/safeMedia';
import { useChatBox } from '../ChatBoxContext';

const MAX_EDGE = 200;

function ExternalMark() {
  return (
    <span className="media__external" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22">
        <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
    </span>
  );
}

export function ImageBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openImage } = useChatBox();
  const image = parseImage(content);
  const [broken, setBroken] = useState(false);
  const box = fitBox(image?.width ?? 0, image?.height ?? 0, MAX_EDGE);
  const src = image?.thumbUrl || image?.originUrl || '';
  const external = !!image && !(isOwnMediaUrl(image.originUrl) && isOwnMediaUrl(src));
  return (
    <button
      type="button"
      className={`media${external ? ' media--external' : ''}`}
      style={box}
      data-testid={testId}
      data-external={external || undefined}
      aria-label={t('chat.preview.image')}
      title={external ? t('externalLink.title') : undefined}
      disabled={!image}
      onClick={() => {
        if (!image) return;
        if (external) void navigate(externalLinkPath(image.originUrl));
        else openImage(image.originUrl, src);
      }}
    >
      {src && !broken && !external ? (
        <img src={src} alt="" loading="lazy" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <span className="media__placeholder" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
      )}
      {external && <ExternalMark />}
    </button>
  );
}

export function VideoBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openVideo } = useChatBox();
  const video = parseVideo(content);
  const [broken, setBroken] = useState(false);
  const box = fitBox(video?.width ?? 0, video?.height ?? 0, MAX_EDGE);
  const external = !!video && !(isOwnMediaUrl(video.videoUrl) && (!video.coverUrl || isOwnMediaUrl(video.coverUrl)));
  return (
    <button
      type="button"
      className={`media media--video${external ? ' media--external' : ''}`}
      style={box}
      data-testid={testId}
      data-external={external || undefined}
      aria-label={t('chat.preview.video')}
      title={external ? t('externalLink.title') : undefined}
      disabled={!video}
      onClick={() => {
        if (!video) return;
        if (external) void navigate(externalLinkPath(video.videoUrl));
        else openVideo(video.videoUrl);
      }}
    >
      {video?.coverUrl && !broken && !external ? (
        <img src={video.coverUrl} alt="" loading="lazy" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <span className="media__placeholder media__placeholder--dark" aria-hidden="true" />
      )}
      {external ? (
        <ExternalMark />
      ) : (
        <span className="media__play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      )}
      {video && <span className="media__duration">{formatDuration(video.duration)}</span>}
    </button>
  );
}

/** Image and video bubbles: a box with the media's aspect ratio, so rows never jump when it loads. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitBox, formatDuration } from '../lib/format';
import { parseImage, parseVideo } from '../lib/content';
import { useChatBox } from '../ChatBoxContext';

const MAX_EDGE = 200;

export function ImageBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const { openImage } = useChatBox();
  const image = parseImage(content);
  const [broken, setBroken] = useState(false);
  const box = fitBox(image?.width ?? 0, image?.height ?? 0, MAX_EDGE);
  const src = image?.thumbUrl || image?.originUrl || '';
  return (
    <button
      type="button"
      className="media"
      style={box}
      data-testid={testId}
      aria-label={t('chat.preview.image')}
      disabled={!image}
      onClick={() => image && openImage(image.originUrl, src)}
    >
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <span className="media__placeholder" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
      )}
    </button>
  );
}

export function VideoBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const { openVideo } = useChatBox();
  const video = parseVideo(content);
  const [broken, setBroken] = useState(false);
  const box = fitBox(video?.width ?? 0, video?.height ?? 0, MAX_EDGE);
  return (
    <button
      type="button"
      className="media media--video"
      style={box}
      data-testid={testId}
      aria-label={t('chat.preview.video')}
      disabled={!video}
      onClick={() => video && openVideo(video.videoUrl)}
    >
      {video?.coverUrl && !broken ? (
        <img src={video.coverUrl} alt="" loading="lazy" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <span className="media__placeholder media__placeholder--dark" aria-hidden="true" />
      )}
      <span className="media__play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
      {video && <span className="media__duration">{formatDuration(video.duration)}</span>}
    </button>
  );
}

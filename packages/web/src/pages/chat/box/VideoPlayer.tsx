/** The video player overlay: native controls, autoplay, a toast when it cannot play. */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast';
import { stopVoice } from './lib/voicePlayer';

export function VideoPlayer({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    stopVoice();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div
      className="video-player"
      role="dialog"
      aria-modal="true"
      aria-label={t('chat.preview.video')}
      data-testid="video-player"
    >
      <video
        className="video-player__video"
        src={src}
        controls
        autoPlay
        playsInline
        onError={() => {
          showToast(t('errors.playbackFailed'));
          onClose();
        }}
      />
      <button
        type="button"
        className="video-player__close"
        onClick={onClose}
        aria-label={t('common.close')}
        data-testid="video-player-close"
      >
        ×
      </button>
    </div>,
    document.body,
  );
}

/** Full-screen view of one image (avatar, complaint screenshot); a click or Escape closes it. */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './image-viewer.css';

interface ImageViewerProps {
  src: string;
  alt: string;
  onClose: () => void;
  testId?: string;
}

export function ImageViewer({ src, alt, onClose, testId = 'image-viewer' }: ImageViewerProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="image-viewer" role="dialog" aria-modal="true" aria-label={alt} data-testid={testId}>
      <button type="button" className="image-viewer__close" onClick={onClose} aria-label={t('common.close')}>
        <img className="image-viewer__img" src={src} alt={alt} />
      </button>
    </div>,
    document.body,
  );
}

/** Up to Limits.COMPLAINT_IMAGES_MAX screenshots: each uploads at once, shows its thumbnail, and can be removed. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, Limits, type ImageUploadResult } from '@parley/protocol';
import { serverLimits } from '../../app/serverConfig';
import { upload } from '../../api/call';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';

export interface ComplaintImage {
  key: number;
  /** Local preview (object URL) until the upload answered, then the thumbnail. */
  preview: string;
  result: ImageUploadResult | null;
}

interface ComplaintImagesProps {
  images: ComplaintImage[];
  onChange: (update: (images: ComplaintImage[]) => ComplaintImage[]) => void;
}

let seq = 0;

export function ComplaintImages({ images, onChange }: ComplaintImagesProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const owned = previews.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const uploadOne = async (file: File) => {
    const key = ++seq;
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    onChange((list) => [...list, { key, preview, result: null }]);
    try {
      const result = await upload('imageUpload', file);
      onChange((list) => list.map((img) => (img.key === key ? { ...img, result } : img)));
    } catch {
      onChange((list) => list.filter((img) => img.key !== key)); // the wrapper showed why
    }
  };

  const pick = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    const room = Limits.COMPLAINT_IMAGES_MAX - images.length;
    if (chosen.length > room) showToast(t('errors.complaintImagesTooMany'));
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) showToast(t('errors.fileTypeNotAllowed'));
      else if (file.size > serverLimits().uploadMaxBytes) {
        showToast(t('errors.fileTooLarge', { maxMb: Math.round(serverLimits().uploadMaxBytes / 1024 / 1024) }));
      } else void uploadOne(file);
    }
  };

  return (
    <div className="complaint-images">
      {images.map((img, i) => (
        <div key={img.key} className="complaint-images__item" data-testid={`complaint-image-${i}`}>
          <img src={img.result?.thumbUrl || img.preview} alt={t('complaint.imageAlt', { index: i + 1 })} />
          {!img.result && (
            <span className="complaint-images__busy">
              <Spinner size={22} />
            </span>
          )}
          <button
            type="button"
            className="complaint-images__remove"
            onClick={() => onChange((list) => list.filter((x) => x.key !== img.key))}
            aria-label={t('complaint.removeImage')}
            data-testid={`complaint-image-remove-${i}`}
          >
            ×
          </button>
        </div>
      ))}
      {images.length < Limits.COMPLAINT_IMAGES_MAX && (
        <button
          type="button"
          className="complaint-images__add"
          onClick={() => input.current?.click()}
          aria-label={t('complaint.addImage')}
          data-testid="complaint-image-add"
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        hidden
        onChange={(e) => pick(e.target.files)}
        data-testid="complaint-image-input"
      />
    </div>
  );
}

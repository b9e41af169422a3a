/** An uploaded image of a console form (cover, icon, banner): pick, preview, replace, remove. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, Limits, type ImageUploadResult } from '@parley/protocol';
import { uploadImage } from '../../../console/system';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';

interface ImageFieldProps {
  label: string;
  value: string;
  onValue: (url: string) => void;
  /** Which URL of the upload to keep: the thumbnail suits icons. */
  pick?: (result: ImageUploadResult) => string;
  shape?: 'wide' | 'square';
  testId: string;
}

export function ImageField({
  label,
  value,
  onValue,
  pick = (r) => r.originUrl,
  shape = 'wide',
  testId,
}: ImageFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return showToast(t('errors.fileTypeNotAllowed'));
    if (file.size > Limits.UPLOAD_MAX_BYTES) {
      return showToast(t('errors.fileTooLarge', { maxMb: Limits.UPLOAD_MAX_BYTES / 1024 / 1024 }));
    }
    setBusy(true);
    try {
      onValue(pick(await uploadImage(file)));
    } catch {
      // the api wrapper showed why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <div className="console-image">
        <span className={`console-image__frame console-image__frame--${shape}`}>
          {value ? (
            <img src={value} alt="" data-testid={`${testId}-preview`} />
          ) : (
            <span>{t('console.image.none')}</span>
          )}
          {busy && (
            <span className="console-image__busy">
              <Spinner size={22} />
            </span>
          )}
        </span>
        <span className="console-image__actions">
          <button type="button" className="btn" disabled={busy} onClick={() => input.current?.click()}>
            {value ? t('console.image.replace') : t('console.image.upload')}
          </button>
          {value && (
            <button type="button" className="btn btn--danger" onClick={() => onValue('')}>
              {t('console.image.remove')}
            </button>
          )}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        hidden
        onChange={(e) => void choose(e.target.files?.[0])}
        data-testid={`${testId}-input`}
      />
    </div>
  );
}

/**
 * Avatar with a file picker (the user's and a group's): the chosen image goes through the
 * crop step (crop/AvatarCropSheet.tsx), then the cropped square shows at once and uploads
 * via /image/upload.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, Limits, type ImageUploadResult } from '@parley/protocol';
import { upload } from '../../api/call';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { AvatarCropSheet } from './crop/AvatarCropSheet';
import './avatar-picker.css';

interface AvatarPickerProps {
  src: string;
  name: string;
  /** The user id (or `g<id>` for a group) the letter avatar's colour follows. */
  colourId?: number | string;
  onUploaded: (image: ImageUploadResult) => void;
  onBusy: (busy: boolean) => void;
}

export function AvatarPicker({ src, name, colourId, onUploaded, onBusy }: AvatarPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cropping, setCropping] = useState<File | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return showToast(t('errors.fileTypeNotAllowed'));
    if (file.size > Limits.UPLOAD_MAX_BYTES) {
      return showToast(t('errors.fileTooLarge', { maxMb: Limits.UPLOAD_MAX_BYTES / 1024 / 1024 }));
    }
    setCropping(file);
  };

  const send = async (file: File) => {
    setCropping(null);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    onBusy(true);
    try {
      onUploaded(await upload('imageUpload', file));
    } catch {
      setPreview(null); // the wrapper showed why; fall back to the saved avatar
    } finally {
      setBusy(false);
      onBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="avatar-picker">
      <button
        type="button"
        className="avatar-picker__button"
        onClick={() => input.current?.click()}
        data-testid="mine-edit-avatar"
        aria-label={t('mineEdit.changeAvatar')}
      >
        <Avatar src={preview ?? src} name={name} colourId={colourId} size={88} />
        <span className="avatar-picker__badge" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="14" height="14">
            <path
              d="M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        {busy && (
          <span className="avatar-picker__busy">
            <Spinner size={24} />
          </span>
        )}
      </button>
      <span className="avatar-picker__hint">{t('mineEdit.changeAvatar')}</span>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        hidden
        data-testid="mine-edit-avatar-input"
        onChange={(e) => pick(e.target.files?.[0])}
      />
      {cropping && <AvatarCropSheet file={cropping} onDone={(f) => void send(f)} onCancel={() => setCropping(null)} />}
    </div>
  );
}

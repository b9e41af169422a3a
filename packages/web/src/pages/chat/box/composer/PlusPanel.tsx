/** The "+" panel: album (images and videos), camera, file, card, favourites, voice and video calls. */
import { CallMode, IMAGE_MIME_TYPES } from '@parley/protocol';
import { serverLimits } from '../../../../app/serverConfig';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../../../i18n';
import type { FileAttachment } from './AttachPreview';
import { showToast } from '../../../../ui/toast';

interface PlusPanelProps {
  /** Album, camera and file open the preview sheet with what was picked (issue 22 point 8). */
  onFiles: (attachments: FileAttachment[]) => void;
  onCard: () => void;
  /** Open the favourites picker. */
  onFavourites?: () => void;
  /** Start a call (docs/CALLS.md §8.3, §8.5). */
  onCall?: (mode: CallMode) => void;
}

const ICONS = {
  album: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15.5 9.5h.01',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  file: 'M6 3h8l5 5v13H6zM14 3v5h5',
  card: 'M3 6h18v12H3zM7 10h6M7 14h10',
  favourites: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  voice: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  video: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
} as const;

function ButtonTile({
  icon,
  label,
  onClick,
  testId,
}: {
  icon: keyof typeof ICONS;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button type="button" className="plus-panel__tile" onClick={onClick} data-testid={testId}>
      <span className="plus-panel__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26">
          <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="plus-panel__label">{label}</span>
    </button>
  );
}

/** Album and camera files become image or video attachments; others are refused with a toast. */
export function mediaAttachments(files: File[]): FileAttachment[] {
  const out: FileAttachment[] = [];
  for (const file of files) {
    if (file.size > serverLimits().uploadMaxBytes) {
      showToast(translate('errors.fileTooLarge', { maxMb: Math.round(serverLimits().uploadMaxBytes / 1024 / 1024) }));
    } else if (file.type.startsWith('video/')) out.push({ kind: 'video', file });
    else if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) out.push({ kind: 'image', file });
    else showToast(translate('errors.fileTypeNotAllowed'));
  }
  return out;
}

export function fileAttachments(files: File[]): FileAttachment[] {
  const out: FileAttachment[] = [];
  for (const file of files) {
    if (file.size > serverLimits().uploadMaxBytes) {
      showToast(translate('errors.fileTooLarge', { maxMb: Math.round(serverLimits().uploadMaxBytes / 1024 / 1024) }));
    } else out.push({ kind: 'file', file });
  }
  return out;
}

function Tile({ icon, label, children }: { icon: keyof typeof ICONS; label: string; children: ReactNode }) {
  return (
    <label className="plus-panel__tile">
      <span className="plus-panel__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26">
          <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="plus-panel__label">{label}</span>
      {children}
    </label>
  );
}

export function PlusPanel({ onFiles, onCard, onFavourites, onCall }: PlusPanelProps) {
  const { t } = useTranslation();
  const pick = (convert: (files: File[]) => FileAttachment[]) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const attachments = convert(files);
    if (attachments.length) onFiles(attachments);
  };
  return (
    <div className="plus-panel">
      <Tile icon="album" label={t('chatBox.album')}>
        <input
          type="file"
          accept="image/*,video/*"
          multiple
          hidden
          onChange={pick(mediaAttachments)}
          data-testid="composer-album-input"
        />
      </Tile>
      <Tile icon="camera" label={t('chatBox.camera')}>
        <input
          type="file"
          accept="image/*,video/*"
          capture="environment"
          hidden
          onChange={pick(mediaAttachments)}
          data-testid="composer-camera-input"
        />
      </Tile>
      <Tile icon="file" label={t('chatBox.file')}>
        <input type="file" multiple hidden onChange={pick(fileAttachments)} data-testid="composer-file-input" />
      </Tile>
      <ButtonTile icon="card" label={t('chatBox.card')} onClick={onCard} testId="composer-card" />
      {onFavourites && (
        <ButtonTile
          icon="favourites"
          label={t('favourites.title')}
          onClick={onFavourites}
          testId="composer-favourites"
        />
      )}
      {onCall && (
        <>
          <ButtonTile
            icon="voice"
            label={t('call.voiceCall')}
            onClick={() => onCall(CallMode.VOICE)}
            testId="composer-voice-call"
          />
          <ButtonTile
            icon="video"
            label={t('call.videoCall')}
            onClick={() => onCall(CallMode.VIDEO)}
            testId="composer-video-call"
          />
        </>
      )}
    </div>
  );
}

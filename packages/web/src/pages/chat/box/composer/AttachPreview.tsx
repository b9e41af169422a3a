/**
 * The one preview before media goes (issue 22 point 8): album, camera, file, paste and
 * drop all open it. It shows every chosen item (photos and videos as thumbnails, files
 * with their icon, name and size), removes one, adds more, and takes a caption that
 * travels inside the first item's content (not as a text before it). Send sends the
 * items in the order shown (chatActions.sendAttachments).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, Limits } from '@parley/protocol';
import { serverLimits } from '../../../../app/serverConfig';
import type { Attachment } from '../../../../chat/types';
import { t as translate } from '../../../../i18n';
import { Sheet } from '../../../../ui/Sheet';
import { showToast } from '../../../../ui/toast';
import { formatFileSize } from '../lib/format';
import { plainFileName } from '../lib/safeMedia';

export type FileAttachment = Extract<Attachment, { file: File }>;

/** Images and videos become media; anything else is sent as a file. Too large ones are refused. */
export function attachmentsOf(files: readonly File[]): FileAttachment[] {
  const out: FileAttachment[] = [];
  for (const file of files) {
    if (file.size > serverLimits().uploadMaxBytes) {
      showToast(translate('errors.fileTooLarge', { maxMb: Math.round(serverLimits().uploadMaxBytes / 1024 / 1024) }));
    } else if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) out.push({ kind: 'image', file });
    else if (file.type.startsWith('video/')) out.push({ kind: 'video', file });
    else out.push({ kind: 'file', file });
  }
  return out;
}

/** The files of a paste or drop (files only: pasted text stays text). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = [...data.files];
  if (files.length) return files;
  return [...data.items].flatMap((item) => (item.kind === 'file' ? [item.getAsFile()].filter((f) => !!f) : []));
}

interface AttachPreviewProps {
  attachments: FileAttachment[];
  /** Items removed or added in the sheet; an empty list closes it. */
  onChange: (attachments: FileAttachment[]) => void;
  /** `caption` (trimmed, may be empty) belongs to the first item. */
  onSend: (attachments: FileAttachment[], caption: string) => void;
  onClose: () => void;
}

const FILE_ICON = 'M6 3h8l5 5v13H6zM14 3v5h5';

function Thumb({ attachment }: { attachment: FileAttachment }) {
  const url = useMemo(() => (attachment.kind === 'file' ? '' : URL.createObjectURL(attachment.file)), [attachment]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (attachment.kind === 'image')
    return <img className="attach-preview__media" src={url} alt={attachment.file.name} />;
  if (attachment.kind === 'video') return <video className="attach-preview__media" src={url} muted playsInline />;
  return (
    <span className="attach-preview__file">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d={FILE_ICON} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      <bdi className="attach-preview__name">{plainFileName(attachment.file.name)}</bdi>
      <span className="attach-preview__size">{formatFileSize(attachment.file.size)}</span>
    </span>
  );
}

export function AttachPreview({ attachments, onChange, onSend, onClose }: AttachPreviewProps) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const send = () => onSend(attachments, caption.trim());
  return (
    <Sheet
      title={t('a11y.attachTitle')}
      onClose={onClose}
      testId="attach-preview"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="attach-cancel">
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={send} data-testid="attach-send">
            {t('attach.send', { n: attachments.length })}
          </button>
        </>
      }
    >
      <ul className="attach-preview__list">
        {attachments.map((a, i) => (
          <li key={i} className="attach-preview__item" data-testid="attach-item" data-kind={a.kind}>
            <Thumb attachment={a} />
            <button
              type="button"
              className="attach-preview__remove"
              aria-label={t('attach.remove', { name: plainFileName(a.file.name) })}
              data-testid="attach-remove"
              onClick={() => onChange(attachments.filter((_, j) => j !== i))}
            >
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
        <li className="attach-preview__item">
          <label className="attach-preview__add">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <span>{t('attach.addMore')}</span>
            <input
              type="file"
              multiple
              hidden
              data-testid="attach-add-input"
              onChange={(e) => {
                const more = attachmentsOf([...(e.target.files ?? [])]);
                e.target.value = '';
                if (more.length) onChange([...attachments, ...more]);
              }}
            />
          </label>
        </li>
      </ul>
      <div className="attach-preview__caption">
        <input
          className="composer__input"
          dir="auto"
          value={caption}
          maxLength={Limits.TEXT_CONTENT_MAX}
          placeholder={t('a11y.caption')}
          aria-label={t('a11y.caption')}
          data-testid="attach-caption"
          onChange={(e) => setCaption(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
      </div>
    </Sheet>
  );
}

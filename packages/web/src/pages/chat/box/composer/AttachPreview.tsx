/**
 * Files pasted or dropped into a chat: a preview before anything is sent, with
 * an optional caption when every file is an image or a video (the caption goes
 * as a text message after them). Sending uses the normal attachment pipeline.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, Limits } from '@parley/protocol';
import { serverLimits } from '../../../../app/serverConfig';
import type { Attachment } from '../../../../chat/types';
import { t as translate } from '../../../../i18n';
import { Sheet } from '../../../../ui/Sheet';
import { showToast } from '../../../../ui/toast';

type FileAttachment = Extract<Attachment, { file: File }>;

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
  onSend: (attachments: FileAttachment[], caption: string) => void;
  onClose: () => void;
}

function Thumb({ attachment }: { attachment: FileAttachment }) {
  const url = useMemo(() => (attachment.kind === 'file' ? '' : URL.createObjectURL(attachment.file)), [attachment]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (attachment.kind === 'image')
    return <img className="attach-preview__media" src={url} alt={attachment.file.name} />;
  if (attachment.kind === 'video') return <video className="attach-preview__media" src={url} muted playsInline />;
  return (
    <span className="attach-preview__file">
      <bdi>{attachment.file.name}</bdi>
    </span>
  );
}

export function AttachPreview({ attachments, onSend, onClose }: AttachPreviewProps) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const media = attachments.every((a) => a.kind !== 'file');
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
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => onSend(attachments, media ? caption.trim() : '')}
            data-testid="attach-send"
          >
            {t('chatBox.send')}
          </button>
        </>
      }
    >
      <ul className="attach-preview__list">
        {attachments.map((a, i) => (
          <li key={i} className="attach-preview__item" data-testid="attach-item">
            <Thumb attachment={a} />
          </li>
        ))}
      </ul>
      {media && (
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
                onSend(attachments, caption.trim());
              }
            }}
          />
        </div>
      )}
    </Sheet>
  );
}

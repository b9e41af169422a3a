/**
 * The card sender (spec §2): cover (required), title, description, link. Editing a sent
 * card (issue 21) prefills it: only the title and description may change.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, cardContent, type CardContent } from '@parley/protocol';
import { serverLimits } from '../../../../app/serverConfig';
import { upload } from '../../../../api/call';
import { Sheet } from '../../../../ui/Sheet';
import { Spinner } from '../../../../ui/Spinner';
import { showToast } from '../../../../ui/toast';

interface CardFormProps {
  onSend: (card: CardContent) => void;
  onClose: () => void;
  /** The card being edited: cover and link stay as they are. */
  edit?: CardContent;
}

const TITLE_MAX = 64;
const DESCRIPTION_MAX = 256;

export function CardForm({ onSend, onClose, edit }: CardFormProps) {
  const { t } = useTranslation();
  const [cover, setCover] = useState<{ preview: string; url: string | null } | null>(
    edit ? { preview: edit.cover, url: edit.cover } : null,
  );
  const [title, setTitle] = useState(edit?.title ?? '');
  const [description, setDescription] = useState(edit?.description ?? '');
  const [link, setLink] = useState(edit?.link ?? '');
  const [linkError, setLinkError] = useState(false);

  // an edited card's cover is its stored URL, not an object URL of a picked file
  useEffect(() => () => void (cover && !edit && URL.revokeObjectURL(cover.preview)), [cover, edit]);

  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return showToast(t('errors.fileTypeNotAllowed'));
    if (file.size > serverLimits().uploadMaxBytes) {
      return showToast(t('errors.fileTooLarge', { maxMb: Math.round(serverLimits().uploadMaxBytes / 1024 / 1024) }));
    }
    const preview = URL.createObjectURL(file);
    setCover({ preview, url: null });
    try {
      const result = await upload('imageUpload', file);
      setCover((c) => (c?.preview === preview ? { preview, url: result.originUrl } : c));
    } catch {
      setCover((c) => (c?.preview === preview ? null : c)); // the wrapper showed why
    }
  };

  const submit = () => {
    if (!cover?.url) return showToast(t(cover ? 'chatBox.coverUploading' : 'errors.coverRequired'));
    const trimmedLink = link.trim();
    const parsed = cardContent.safeParse({ cover: cover.url, title, description, link: trimmedLink });
    if (!title.trim()) return showToast(t('chatBox.cardTitleRequired'));
    if (trimmedLink && !/^https?:\/\//i.test(trimmedLink)) return setLinkError(true);
    if (!parsed.success) return showToast(t('errors.invalidContent'));
    onSend(parsed.data);
  };

  return (
    <Sheet
      title={t(edit ? 'chatBox.cardEditTitle' : 'chatBox.cardTitle')}
      onClose={onClose}
      testId="card-form"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={submit} data-testid="card-send">
            {t(edit ? 'common.save' : 'chatBox.send')}
          </button>
        </>
      }
    >
      <div className="card-form">
        <label className={`card-form__cover${edit ? ' card-form__cover--fixed' : ''}`}>
          {cover ? (
            <img src={cover.preview} alt={t('chatBox.cardCover')} />
          ) : (
            <span className="card-form__cover-hint">+ {t('chatBox.cardCover')}</span>
          )}
          {cover && !cover.url && (
            <span className="card-form__busy">
              <Spinner size={24} />
            </span>
          )}
          <input
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            hidden
            disabled={Boolean(edit)}
            data-testid="card-cover-input"
            onChange={(e) => {
              void pickCover(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <label className="card-form__field">
          <span>{t('chatBox.cardFieldTitle')}</span>
          <input
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="card-title"
            dir="auto"
          />
        </label>
        <label className="card-form__field">
          <span>{t('chatBox.cardFieldDescription')}</span>
          <textarea
            value={description}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            data-testid="card-description"
            dir="auto"
          />
        </label>
        <label className="card-form__field">
          <span>{t('chatBox.cardFieldLink')}</span>
          <input
            type="url"
            inputMode="url"
            value={link}
            placeholder="https://"
            maxLength={1024}
            readOnly={Boolean(edit)}
            aria-invalid={linkError}
            onChange={(e) => {
              setLink(e.target.value);
              setLinkError(false);
            }}
            data-testid="card-link"
            dir="ltr"
          />
          {linkError && <span className="card-form__error">{t('chatBox.cardLinkInvalid')}</span>}
        </label>
      </div>
    </Sheet>
  );
}

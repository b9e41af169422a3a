/** The link preview above the text box while typing: image, site, title, and × to send the text without it. */
import { useTranslation } from 'react-i18next';
import type { LinkPreview } from '@parley/protocol';
import { isOwnMediaUrl } from '../lib/safeMedia';

export function LinkPreviewBar({ preview, onRemove }: { preview: LinkPreview; onRemove: () => void }) {
  const { t } = useTranslation();
  const thumb = preview.image?.thumbUrl;
  return (
    <div className="link-bar" data-testid="link-preview-bar">
      {thumb && isOwnMediaUrl(thumb) && <img className="link-bar__thumb" src={thumb} alt="" draggable={false} />}
      <span className="link-bar__text">
        <span className="link-bar__site" dir="auto">
          {preview.siteName}
        </span>
        <span className="link-bar__title" dir="auto" data-testid="link-preview-bar-title">
          {preview.title || preview.description}
        </span>
      </span>
      <button
        type="button"
        className="quote-bar__cancel"
        onClick={onRemove}
        aria-label={t('chatBox.linkPreviewRemove')}
        data-testid="link-preview-remove"
      >
        ×
      </button>
    </div>
  );
}

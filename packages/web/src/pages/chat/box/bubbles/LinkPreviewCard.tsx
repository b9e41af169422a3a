/**
 * A text's link preview under the text: site, title, two lines of description, the
 * page's image (our upload: viewing the chat never contacts the linked site). A tap
 * goes through the external-link warning, like the link in the text.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import type { LinkPreview } from '@parley/protocol';
import { externalLinkPath, isOwnMediaUrl } from '../lib/safeMedia';

export const LinkPreviewCard = memo(function LinkPreviewCard({
  preview,
  testId,
}: {
  preview: LinkPreview;
  testId: string;
}) {
  const image = preview.image && isOwnMediaUrl(preview.image.thumbUrl) ? preview.image : undefined;
  // A wide picture spans the card; a small or square one (a logo) sits beside the text.
  const wide = image !== undefined && image.width >= 300 && image.width >= image.height * 1.3;
  return (
    <Link
      className={`link-card${wide ? ' link-card--wide' : ''}`}
      to={externalLinkPath(preview.url)}
      onClick={(e) => e.stopPropagation()}
      data-testid={testId}
    >
      {image && <img className="link-card__image" src={image.thumbUrl} alt="" loading="lazy" draggable={false} />}
      <span className="link-card__body">
        {preview.siteName && (
          <span className="link-card__site" dir="auto">
            {preview.siteName}
          </span>
        )}
        {preview.title && (
          <span className="link-card__title" dir="auto">
            {preview.title}
          </span>
        )}
        {preview.description && (
          <span className="link-card__desc" dir="auto">
            {preview.description}
          </span>
        )}
      </span>
    </Link>
  );
});

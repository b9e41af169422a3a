/** Live preview: the card of the notification list and the content page's Markdown. */
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { SystemContent } from '../../../ui/SystemContent';

interface SystemPreviewProps {
  title: string;
  coverUrl: string;
  intro: string;
  content: string;
}

export function SystemPreview({ title, coverUrl, intro, content }: SystemPreviewProps) {
  const { t } = useTranslation();
  // typing stays smooth in a long text: the Markdown renders a beat behind
  const markdown = useDeferredValue(content);
  return (
    <section
      className="console-panel sys-preview"
      aria-label={t('console.system.preview')}
      data-testid="console-system-preview"
    >
      <h2 className="console-panel__title">{t('console.system.preview')}</h2>
      <article className="sys-preview__card">
        {coverUrl && <img className="sys-preview__cover" src={coverUrl} alt="" />}
        <h3 className="sys-preview__title" dir="auto">
          {title || t('console.system.untitled')}
        </h3>
        {intro && (
          <p className="sys-preview__intro" dir="auto">
            {intro}
          </p>
        )}
      </article>
      <div className="sys-preview__content">
        {markdown.trim() ? (
          <SystemContent markdown={markdown} />
        ) : (
          <p className="console-muted">{t('console.system.emptyContent')}</p>
        )}
      </div>
    </section>
  );
}

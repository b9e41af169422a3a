/** The notification's Markdown content: a small toolbar over a textarea. */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@parley/protocol';
import { applyMarkdown, type MarkdownAction } from '../../../console/markdownEdit';

/** Letters for the text styles; small line icons where a letter would not say it. */
const ICONS: Partial<Record<MarkdownAction, string>> = {
  list: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  quote: 'M5 6v12M10 8h9M10 12h9M10 16h6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
};
const ACTIONS: { action: MarkdownAction; glyph?: string }[] = [
  { action: 'bold', glyph: 'B' },
  { action: 'italic', glyph: 'I' },
  { action: 'heading', glyph: 'H' },
  { action: 'list' },
  { action: 'quote' },
  { action: 'link' },
];

function Glyph({ action, glyph }: { action: MarkdownAction; glyph?: string }) {
  if (glyph) return <span aria-hidden="true">{glyph}</span>;
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d={ICONS[action]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function MarkdownEditor({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);

  const apply = (action: MarkdownAction) => {
    const el = area.current;
    if (!el) return;
    const next = applyMarkdown(action, { text: value, start: el.selectionStart, end: el.selectionEnd });
    onValue(next.text);
    // restore the selection once React has written the new value
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('console.system.content')}
      </label>
      <div className="md-toolbar" role="toolbar" aria-label={t('console.system.toolbar')}>
        {ACTIONS.map(({ action, glyph }) => (
          <button
            key={action}
            type="button"
            className={`md-toolbar__btn md-toolbar__btn--${action}`}
            onClick={() => apply(action)}
            title={t(`console.markdown.${action}`)}
            aria-label={t(`console.markdown.${action}`)}
            data-testid={`md-${action}`}
          >
            <Glyph action={action} glyph={glyph} />
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        className="field__textarea md-editor"
        value={value}
        maxLength={Limits.SYSTEM_CONTENT_MAX}
        placeholder={t('console.system.contentPlaceholder')}
        onChange={(e) => onValue(e.target.value)}
        dir="auto"
        data-testid="console-system-content"
      />
      <span className="field__hint">
        {value.length}/{Limits.SYSTEM_CONTENT_MAX}
      </span>
    </div>
  );
}

/** A file: type badge, name, size; tapping downloads it. */
import { useTranslation } from 'react-i18next';
import { parseFile } from '../lib/content';
import { formatFileSize } from '../lib/format';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot > name.length - 7 ? name.slice(dot + 1).toUpperCase() : '';
}

export function FileBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const file = parseFile(content);
  const body = (
    <>
      <span className="file__info">
        <span className="file__name" dir="auto">
          {file?.name ?? t('chat.preview.file')}
        </span>
        <span className="file__size" dir="ltr">
          {file ? formatFileSize(file.size) : ''}
        </span>
      </span>
      <span className="file__icon" aria-hidden="true">
        <svg viewBox="0 0 32 40" width="32" height="40">
          <path d="M2 2h19l9 9v27H2z" fill="#f3f3f3" stroke="#c9c9c9" strokeWidth="1.5" />
          <path d="M21 2v9h9" fill="none" stroke="#c9c9c9" strokeWidth="1.5" />
        </svg>
        <span className="file__ext">{file ? extension(file.name) : ''}</span>
      </span>
    </>
  );
  if (!file?.url || file.url.startsWith('blob:')) {
    return (
      <div className="file" data-testid={testId}>
        {body}
      </div>
    );
  }
  return (
    <a
      className="file"
      href={file.url}
      download={file.name}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      title={t('chatBox.download')}
      onClick={(e) => e.stopPropagation()}
    >
      {body}
    </a>
  );
}

/**
 * A file: type badge, name, size; tapping downloads it with progress (a file from outside
 * goes through the external-link warning).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../../api/download';
import { ProgressRing } from '../../../../ui/ProgressRing';
import { parseFile } from '../lib/content';
import { formatFileSize } from '../lib/format';
import { externalLinkPath, isOwnMediaUrl, plainFileName } from '../lib/safeMedia';
import '../bubbles-file.css';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot > name.length - 7 ? name.slice(dot + 1).toUpperCase() : '';
}

export function FileBubble({ content, testId }: { content: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const file = parseFile(content);
  // Bidi controls could show "invoice\u202Efdp.exe" as "invoiceexe.pdf": dropped, and the name isolated.
  const name = file ? plainFileName(file.name) : '';
  const body = (
    <>
      <span className="file__info">
        <bdi className="file__name" data-testid={`${testId}-name`}>
          {name || t('chat.preview.file')}
        </bdi>
        <span className="file__size" dir="ltr">
          {file ? formatFileSize(file.size) : ''}
        </span>
      </span>
      <span className="file__icon" aria-hidden="true">
        <svg viewBox="0 0 32 40" width="32" height="40">
          <path d="M2 2h19l9 9v27H2z" fill="#f3f3f3" stroke="#c9c9c9" strokeWidth="1.5" />
          <path d="M21 2v9h9" fill="none" stroke="#c9c9c9" strokeWidth="1.5" />
        </svg>
        <span className="file__ext">{extension(name)}</span>
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
  if (!isOwnMediaUrl(file.url)) {
    const url = file.url;
    return (
      <button
        type="button"
        className="file file--external"
        data-testid={testId}
        data-external="true"
        title={t('externalLink.title')}
        onClick={(e) => {
          e.stopPropagation();
          void navigate(externalLinkPath(url));
        }}
      >
        {body}
      </button>
    );
  }
  return <DownloadLink url={file.url} name={name} testId={testId} body={body} />;
}

/**
 * This server's file: fetched with the 60 s network timeout and saved (api/download.ts),
 * so a failure is told; progress shows on the icon, and a second tap cancels.
 */
function DownloadLink({ url, name, testId, body }: { url: string; name: string; testId: string; body: ReactNode }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    await downloadFile(url, name || 'file', { signal: controller.signal, onProgress: setProgress });
    if (running.current === controller) running.current = null;
    setProgress(null);
  };
  return (
    <a
      className={`file${progress !== null ? ' file--loading' : ''}`}
      href={url}
      download={name}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      data-downloading={progress !== null ? 'true' : undefined}
      title={progress !== null ? t('chatBox.downloadCancel') : t('chatBox.download')}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        if (running.current) running.current.abort();
        else void start();
      }}
    >
      {body}
      {progress !== null && (
        <span className="file__progress">
          <ProgressRing value={progress} size={28} label={t('chatBox.downloading')} />
        </span>
      )}
    </a>
  );
}

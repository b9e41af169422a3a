/**
 * Small parts of a message row (issue 11, point 19): the "Forwarded" label, the send time
 * shown on hover, and the "edited" mark of an edited text or card (issue 21 point 1).
 */
import { useTranslation } from 'react-i18next';
import { exactTime } from './lib/grouping';
import { useNow } from './useNow';
import './chat-polish.css';

export function ForwardedLabel({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="msg__forwarded" data-testid={testId}>
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <path d="M9 3l5 4.5L9 12V9C5 9 3 10.5 2 13c0-4 2-7.5 7-8z" fill="currentColor" />
      </svg>
      {t('chatPolish.forwarded')}
    </span>
  );
}

/** Visible on hover (desktop) and keyboard focus; phones see it in the long-press menu header. */
export function MessageTime({ sendTime, testId }: { sendTime: number; testId: string }) {
  const { i18n } = useTranslation();
  const now = useNow(60_000);
  const text = exactTime(sendTime, now, i18n.language);
  return (
    <time className="msg__time" dateTime={new Date(sendTime).toISOString()} data-testid={testId}>
      {text}
    </time>
  );
}

/** Always visible; its tooltip and accessible name carry when the last edit was made, to the second. */
export function EditedMark({ editTime, testId }: { editTime: number; testId: string }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(editTime);
  const full = t('chatBox.editedAt', { time: when });
  return (
    <span className="msg__edited" title={full} data-testid={testId} data-edit-time={editTime}>
      <span aria-hidden="true">{t('chatBox.edited')}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

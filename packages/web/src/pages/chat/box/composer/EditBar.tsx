/** Above the text box while editing a message: what is being edited, with a cancel (issue 21 point 1). */
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../chat/types';
import { EmojiText } from '../../../../ui/emoji/Emoji';
import { summaryText } from '../lib/content';
import { atAllFromWire } from '../lib/mentions';

export function EditBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  const content = atAllFromWire(message.content, message.atUserIds, t('group.atAll'));
  return (
    <div className="quote-bar edit-bar" data-testid="edit-bar">
      <svg className="edit-bar__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="M11.5 2.5l2 2L6 12l-3 1 1-3z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <span className="quote-bar__text" dir="auto">
        <strong className="edit-bar__label">{t('chatBox.editing')}</strong>{' '}
        <EmojiText text={summaryText(message.type, content, t)} />
      </span>
      <button
        type="button"
        className="quote-bar__cancel"
        onClick={onCancel}
        aria-label={t('chatBox.cancelEdit')}
        title={t('chatBox.cancelEdit')}
        data-testid="edit-cancel"
      >
        ×
      </button>
    </div>
  );
}

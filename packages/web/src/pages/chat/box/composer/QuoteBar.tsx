/** The message being quoted, above the text box, with a cancel. */
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../chat/types';
import { useChatBox } from '../ChatBoxContext';
import { summaryText } from '../lib/content';

export function QuoteBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  const { personOf } = useChatBox();
  const who = personOf(message.sendId, message.sendNickName).name;
  return (
    <div className="quote-bar" data-testid="quote-bar">
      <span className="quote-bar__text" dir="auto">
        {t('chatBox.quoting', { name: who })}: {summaryText(message.type, message.content, t)}
      </span>
      <button
        type="button"
        className="quote-bar__cancel"
        onClick={onCancel}
        aria-label={t('chatBox.cancelQuote')}
        data-testid="quote-cancel"
      >
        ×
      </button>
    </div>
  );
}

/** The message being quoted, above the text box, with a cancel. */
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../chat/types';
import { useChatBox } from '../ChatBoxContext';
import { summaryText } from '../lib/content';
import { Isolated, NAME_SLOT } from '../../../../ui/Isolated';
import { EmojiText } from '../../../../ui/emoji/Emoji';

export function QuoteBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  const { personOf } = useChatBox();
  const who = personOf(message.sendId, message.sendNickName).name;
  return (
    <div className="quote-bar" data-testid="quote-bar">
      <span className="quote-bar__text" dir="auto">
        <Isolated text={t('chatBox.quoting', { name: NAME_SLOT })} values={[who]} />:{' '}
        <EmojiText text={summaryText(message.type, message.content, t)} />
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

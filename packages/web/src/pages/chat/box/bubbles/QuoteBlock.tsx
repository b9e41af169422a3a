/** The quoted message above a reply; tapping scrolls to the original. */
import { MessageStatus, type QuoteMessage } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useChatBox } from '../ChatBoxContext';
import { summaryText } from '../lib/content';
import { EmojiText } from '../../../../ui/emoji/Emoji';

export function QuoteBlock({ quote, testId }: { quote: QuoteMessage; testId: string }) {
  const { t } = useTranslation();
  const { personOf, jumpToId } = useChatBox();
  const recalled = quote.status === MessageStatus.RECALL;
  const who = personOf(quote.sendId).name;
  return (
    <button
      type="button"
      className="quote-block"
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        jumpToId(quote.id);
      }}
    >
      <span className="quote-block__text" dir="auto">
        {recalled ? (
          t('chatBox.quoteRecalled')
        ) : (
          <>
            <bdi>{who}</bdi>: <EmojiText text={summaryText(quote.type, quote.content, t)} />
          </>
        )}
      </span>
    </button>
  );
}

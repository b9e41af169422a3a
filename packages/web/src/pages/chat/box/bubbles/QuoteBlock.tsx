/** The quoted message above a reply; tapping scrolls to the original. */
import { AT_ALL, ChatType, MessageStatus, MessageType, type QuoteMessage } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useChatBox } from '../ChatBoxContext';
import { summaryText } from '../lib/content';
import { atAllFromWire } from '../../../../chat/atAll';
import { EmojiText } from '../../../../ui/emoji/Emoji';

export function QuoteBlock({ quote, testId }: { quote: QuoteMessage; testId: string }) {
  const { t } = useTranslation();
  const { personOf, jumpToId, type } = useChatBox();
  const recalled = quote.status === MessageStatus.RECALL;
  const who = personOf(quote.sendId).name;
  // A quote carries no mention list: in a group, its language-neutral @all reads in mine.
  const text =
    type === ChatType.GROUP && quote.type === MessageType.TEXT
      ? atAllFromWire(quote.content, [AT_ALL], t('group.atAll'))
      : quote.content;
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
            <bdi>{who}</bdi>: <EmojiText text={summaryText(quote.type, text, t)} />
          </>
        )}
      </span>
    </button>
  );
}

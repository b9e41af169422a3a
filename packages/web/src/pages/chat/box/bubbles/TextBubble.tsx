/** Text with emoji shown as the app's images sized like the text, and links through the external-link warning. */
import { memo } from 'react';
import { Link } from 'react-router';
import { Paths } from '../../../../routes/paths';
import { Emoji } from '../../../../ui/emoji/Emoji';
import { messageParts } from '../lib/emojiText';
import { splitMentions } from '../lib/mentions';

interface TextBubbleProps {
  content: string;
  testId: string;
  /** Group messages: names written as `@name` that are highlighted. */
  mentions?: readonly string[];
}

export const TextBubble = memo(function TextBubble({ content, testId, mentions }: TextBubbleProps) {
  return (
    <div className="bubble__text" data-testid={testId} dir="auto">
      {messageParts(content).map((part, i) => {
        if (part.kind === 'emoji') {
          return <Emoji key={i} name={part.name} />;
        }
        if (part.kind === 'link') {
          return (
            <Link
              key={i}
              className="bubble__link"
              to={`${Paths.externalLink}?url=${encodeURIComponent(part.url)}`}
              onClick={(e) => e.stopPropagation()}
            >
              {part.text}
            </Link>
          );
        }
        if (!mentions?.length) return <span key={i}>{part.text}</span>;
        return (
          <span key={i}>
            {splitMentions(part.text, mentions).map((p, j) =>
              p.kind === 'at' ? (
                <span key={j} className="bubble__at">
                  {p.text}
                </span>
              ) : (
                p.text
              ),
            )}
          </span>
        );
      })}
    </div>
  );
});

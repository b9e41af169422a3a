/** Text with emoji shown as characters sized like the text, and links through the external-link warning. */
import { memo } from 'react';
import { Link } from 'react-router';
import { Paths } from '../../../../routes/paths';
import { messageParts } from '../lib/emojiText';

export const TextBubble = memo(function TextBubble({ content, testId }: { content: string; testId: string }) {
  return (
    <div className="bubble__text" data-testid={testId} dir="auto">
      {messageParts(content).map((part, i) => {
        if (part.kind === 'emoji') {
          return (
            <span key={i} className="emoji" role="img" aria-label={part.name} data-emoji={part.name}>
              {part.char}
            </span>
          );
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
        return <span key={i}>{part.text}</span>;
      })}
    </div>
  );
});

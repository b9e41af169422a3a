/** A card: cover, title, description; tapping opens its link through the external-link warning. */
import { useNavigate } from 'react-router';
import { Paths } from '../../../../routes/paths';
import { parseCard } from '../lib/content';
import { isOwnMediaUrl } from '../lib/safeMedia';

function host(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return '';
  }
}

export function CardBubble({ content, testId }: { content: string; testId: string }) {
  const navigate = useNavigate();
  const card = parseCard(content);
  if (!card) return <div className="card" data-testid={testId} />;
  const open = () => {
    if (card.link) void navigate(`${Paths.externalLink}?url=${encodeURIComponent(card.link)}`);
  };
  return (
    <button type="button" className="card" data-testid={testId} onClick={open} disabled={!card.link}>
      {/* A cover from outside this server is not loaded (it would tell that host who reads the chat). */}
      {isOwnMediaUrl(card.cover) ? (
        <img className="card__cover" src={card.cover} alt="" loading="lazy" draggable={false} />
      ) : (
        <span className="card__cover" aria-hidden="true" />
      )}
      <span className="card__body">
        <span className="card__title" dir="auto">
          {card.title}
        </span>
        {card.description && (
          <span className="card__desc" dir="auto">
            {card.description}
          </span>
        )}
        {card.link && <span className="card__host">{host(card.link)}</span>}
      </span>
    </button>
  );
}

/** A Discover link's icon: the uploaded one, or a compass. */
import type { DiscoverLink } from '@parley/protocol';

export function LinkIcon({ link }: { link: DiscoverLink }) {
  if (link.iconUrl) return <img className="discover-icon" src={link.iconUrl} alt="" loading="lazy" />;
  return (
    <span className="discover-icon discover-icon--empty" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22">
        <path
          d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm3.5-12.5-2 5-5 2 2-5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

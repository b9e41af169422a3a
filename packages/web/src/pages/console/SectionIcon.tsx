/** Line icons of the console sections (24 px, currentColor). */
import type { SectionKey } from './sections';

const PATHS: Record<SectionKey, string> = {
  complaints: 'M5 21V4h11l-1.5 4L16 12H5M5 4v17',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M19 21a6 6 0 0 0-3-5.2',
  groups: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  system: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  discover: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm3.5-12.5-2 5-5 2 2-5z',
  audit: 'M7 3h10l3 3v15H4V3zM8 9h8M8 13h8M8 17h5',
};

export function SectionIcon({ section }: { section: SectionKey }) {
  return (
    <svg className="console-nav__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={PATHS[section]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Inline 24 px tab icons; the selected one is filled with the brand colour. */
import type { TabKey } from '../../routes/paths';

const paths: Record<TabKey, string> = {
  // speech bubble
  chat: 'M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 15.5z',
  // two people
  friend:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6.5 9a6.5 6.5 0 0 1 13 0zM16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6.5 6.5 0 0 1 3.5 6',
  // compass
  discover: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm3.5-12.5-2 5-5 2 2-5z',
  // person
  mine: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z',
};

export function TabIcon({ tab, filled }: { tab: TabKey; filled: boolean }) {
  return (
    <svg className="tabbar__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d={paths[tab]}
        fill={filled && tab !== 'friend' ? 'currentColor' : 'none'}
        fillRule="evenodd"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

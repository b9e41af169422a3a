/** The browser tab's title shows the unread total (issue 11, point 19): "(3) Parley". */
import { useEffect } from 'react';

/** `base` with the count in front; 0 leaves it bare, over 99 shows "99+". */
export function titleWithUnread(base: string, unread: number): string {
  if (unread <= 0) return base;
  return `(${unread > 99 ? '99+' : unread}) ${base}`;
}

/** Keeps document.title in step with `unread` (do-not-disturb chats are already left out of it). */
export function useUnreadTitle(unread: number): void {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /u, '');
    document.title = titleWithUnread(base, unread);
  }, [unread]);
  useEffect(
    () => () => {
      document.title = document.title.replace(/^\(\d+\+?\) /u, '');
    },
    [],
  );
}

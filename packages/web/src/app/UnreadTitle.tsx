/** Mounted once inside the signed-in pages: the tab title follows the unread total. */
import { useTotalUnread } from '../chat';
import { useUnreadTitle } from './unreadTitle';

export function UnreadTitle(): null {
  useUnreadTitle(useTotalUnread());
  return null;
}

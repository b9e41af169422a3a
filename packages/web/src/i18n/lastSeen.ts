/**
 * "Last seen" of a friend (issue 22 point 11), in the style of timeText.ts: under a
 * minute "last seen just now", under an hour "last seen 5 minutes ago" (Intl plural
 * forms), today "last seen today at 14:05", the day before "yesterday at 21:04",
 * otherwise the date with the time. Pure, for node tests.
 */
import type { Translate } from './timeText';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

export function lastSeenText(lastSeenAt: number, now: number, locale: string, t: Translate): string {
  const diff = now - lastSeenAt;
  if (diff < MINUTE) return t('presence.lastSeenJustNow');
  if (diff < HOUR) {
    const when = new Intl.RelativeTimeFormat(locale).format(-Math.floor(diff / MINUTE), 'minute');
    return t('presence.lastSeenAgo', { when });
  }
  const seen = new Date(lastSeenAt);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(seen);
  const today = startOfDay(new Date(now));
  if (lastSeenAt >= today) return t('presence.lastSeenToday', { time });
  if (lastSeenAt >= startOfDay(new Date(today - 1))) return t('presence.lastSeenYesterday', { time });
  const sameYear = seen.getFullYear() === new Date(now).getFullYear();
  const date = new Intl.DateTimeFormat(
    locale,
    sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' },
  ).format(seen);
  return t('presence.lastSeenOn', { date, time });
}

/**
 * Time texts of spec §9: under 1 minute "just now"; under 1 hour "x minutes ago" (the
 * locale's own plural forms from Intl: "قبل دقيقتين", "5 минут назад"); today the time;
 * the day before "yesterday"; otherwise the date. Pure, so it runs under node tests:
 * the caller passes its translate function and locale.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function timeText(sendTime: number, now: number, locale: string, t: Translate): string {
  const diff = now - sendTime;
  if (diff < MINUTE) return t('time.justNow');
  if (diff < HOUR) return new Intl.RelativeTimeFormat(locale).format(-Math.floor(diff / MINUTE), 'minute');
  const sent = new Date(sendTime);
  const today = startOfDay(new Date(now));
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(sent);
  if (sendTime >= today) return time;
  const yesterday = startOfDay(new Date(today - 1));
  if (sendTime >= yesterday) return t('time.yesterday', { time });
  const sameYear = sent.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(
    locale,
    sameYear ? { month: 'numeric', day: 'numeric' } : { year: 'numeric', month: 'numeric', day: 'numeric' },
  ).format(sent);
}

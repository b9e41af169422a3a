/**
 * The time left of the 24 h review promise of a pending complaint (deadline = createTime
 * + 24 h), shown in the queue. Pure, so it runs under node tests: the caller passes its
 * translate function.
 */
import type { Translate } from '../i18n/timeText';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Under this much time left a row is marked urgent (amber) before it turns overdue (red). */
export const URGENT_MS = 2 * HOUR;

export type Urgency = 'ok' | 'urgent' | 'overdue';

export interface TimeLeft {
  urgency: Urgency;
  /** Whole hours and minutes of the distance to the deadline (past or future). */
  hours: number;
  minutes: number;
}

export function timeLeft(deadline: number, now: number): TimeLeft {
  const diff = deadline - now;
  const overdue = diff <= 0;
  // Round the remaining time up and the overdue time down, so "0 min left" never shows.
  const minutesTotal = overdue ? Math.floor(Math.abs(diff) / MINUTE) : Math.ceil(diff / MINUTE);
  return {
    urgency: overdue ? 'overdue' : diff <= URGENT_MS ? 'urgent' : 'ok',
    hours: Math.floor(minutesTotal / 60),
    minutes: minutesTotal % 60,
  };
}

/** "5 h 12 min left", "40 min left", "Overdue by 1 h 3 min". */
export function timeLeftText(deadline: number, now: number, t: Translate): string {
  const left = timeLeft(deadline, now);
  const span =
    left.hours > 0
      ? t('console.duration.hoursMinutes', { hours: left.hours, minutes: left.minutes })
      : t('console.duration.minutes', { minutes: left.minutes });
  return left.urgency === 'overdue'
    ? t('console.complaints.overdue', { time: span })
    : t('console.complaints.timeLeft', { time: span });
}

import { describe, expect, it } from 'vitest';
import { URGENT_MS, timeLeft, timeLeftText } from './timeLeft';

const MIN = 60_000;
const HOUR = 60 * MIN;
const t = (key: string, o: Record<string, unknown> = {}) => `${key}(${JSON.stringify(o)})`;

describe('timeLeft', () => {
  const now = 1_700_000_000_000;
  it('counts hours and minutes to a future deadline, rounding up', () => {
    expect(timeLeft(now + 5 * HOUR + 12 * MIN, now)).toEqual({ urgency: 'ok', hours: 5, minutes: 12 });
    expect(timeLeft(now + 30 * 1000, now)).toEqual({ urgency: 'urgent', hours: 0, minutes: 1 });
    expect(timeLeft(now + 24 * HOUR, now)).toEqual({ urgency: 'ok', hours: 24, minutes: 0 });
  });
  it('is urgent within the last two hours', () => {
    expect(timeLeft(now + URGENT_MS, now).urgency).toBe('urgent');
    expect(timeLeft(now + URGENT_MS + 1, now).urgency).toBe('ok');
  });
  it('is overdue at and after the deadline, rounding down', () => {
    expect(timeLeft(now, now)).toEqual({ urgency: 'overdue', hours: 0, minutes: 0 });
    expect(timeLeft(now - HOUR - 3 * MIN - 59_000, now)).toEqual({ urgency: 'overdue', hours: 1, minutes: 3 });
  });
  it('words the span with or without hours', () => {
    expect(timeLeftText(now + 40 * MIN, now, t)).toBe(
      'console.complaints.timeLeft({"time":"console.duration.minutes({\\"minutes\\":40})"})',
    );
    expect(timeLeftText(now - 2 * HOUR, now, t)).toBe(
      'console.complaints.overdue({"time":"console.duration.hoursMinutes({\\"hours\\":2,\\"minutes\\":0})"})',
    );
  });
});

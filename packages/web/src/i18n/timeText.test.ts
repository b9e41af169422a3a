import { describe, expect, it } from 'vitest';
import { timeText, type Translate } from './timeText';

// A stand-in translate: returns the key with its options, so the test reads the branch taken.
const t: Translate = (key, options) => (options ? `${key}:${JSON.stringify(options)}` : key);

const now = new Date(2025, 5, 15, 14, 30, 0).getTime();
const at = (...args: [number, number, number, number, number]) => new Date(...args).getTime();

describe('timeText', () => {
  it('says just now under one minute', () => {
    expect(timeText(now - 59_000, now, 'en-US', t)).toBe('time.justNow');
    expect(timeText(now, now, 'en-US', t)).toBe('time.justNow');
  });

  it('counts minutes under one hour in the locale’s plural forms', () => {
    expect(timeText(now - 60_000, now, 'en-US', t)).toBe('1 minute ago');
    expect(timeText(now - 59 * 60_000 - 59_000, now, 'en-US', t)).toBe('59 minutes ago');
    expect(timeText(now - 2 * 60_000, now, 'ar-SA', t)).toBe('قبل دقيقتين');
    expect(timeText(now - 5 * 60_000, now, 'ru-RU', t)).toBe('5 минут назад');
    expect(timeText(now - 2 * 60_000, now, 'ru-RU', t)).toBe('2 минуты назад');
    expect(timeText(now - 2 * 60_000, now, 'zh-CN', t)).toBe('2分钟前');
  });

  it('shows the time of day for earlier today, localised', () => {
    expect(timeText(at(2025, 5, 15, 9, 5), now, 'en-US', t)).toBe('09:05 AM');
    expect(timeText(at(2025, 5, 15, 9, 5), now, 'zh-CN', t)).toBe('09:05');
  });

  it('says yesterday (with the time) for the previous day', () => {
    expect(timeText(at(2025, 5, 14, 23, 59), now, 'zh-CN', t)).toBe('time.yesterday:{"time":"23:59"}');
    expect(timeText(at(2025, 5, 14, 0, 0), now, 'zh-CN', t)).toBe('time.yesterday:{"time":"00:00"}');
  });

  it('shows the date before yesterday, with the year only when it differs', () => {
    expect(timeText(at(2025, 5, 13, 23, 59), now, 'en-US', t)).toBe('6/13');
    expect(timeText(at(2025, 5, 13, 23, 59), now, 'zh-CN', t)).toBe('6/13');
    expect(timeText(at(2024, 11, 31, 12, 0), now, 'en-US', t)).toBe('12/31/2024');
    expect(timeText(at(2024, 11, 31, 12, 0), now, 'ja-JP', t)).toBe('2024/12/31');
  });
});

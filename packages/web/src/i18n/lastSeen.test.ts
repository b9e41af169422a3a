import { describe, expect, it } from 'vitest';
import { lastSeenText } from './lastSeen';
import type { Translate } from './timeText';

// A stand-in translate: the key with its options, so the test reads the branch taken.
const t: Translate = (key, options) => (options ? `${key}:${JSON.stringify(options)}` : key);
const now = new Date(2025, 5, 15, 14, 30, 0).getTime();
const at = (...args: [number, number, number, number, number]) => new Date(...args).getTime();

describe('lastSeenText', () => {
  it('just now under a minute', () => {
    expect(lastSeenText(now - 59_000, now, 'en-US', t)).toBe('presence.lastSeenJustNow');
  });

  it('minutes ago under an hour, in the locale’s plural forms', () => {
    expect(lastSeenText(now - 5 * 60_000, now, 'en-US', t)).toBe('presence.lastSeenAgo:{"when":"5 minutes ago"}');
    expect(lastSeenText(now - 2 * 60_000, now, 'ar-SA', t)).toBe('presence.lastSeenAgo:{"when":"قبل دقيقتين"}');
    expect(lastSeenText(now - 2 * 60_000, now, 'zh-CN', t)).toBe('presence.lastSeenAgo:{"when":"2分钟前"}');
  });

  it('today and yesterday with the time of day', () => {
    expect(lastSeenText(at(2025, 5, 15, 9, 5), now, 'zh-CN', t)).toBe('presence.lastSeenToday:{"time":"09:05"}');
    expect(lastSeenText(at(2025, 5, 14, 21, 4), now, 'zh-CN', t)).toBe('presence.lastSeenYesterday:{"time":"21:04"}');
  });

  it('an earlier day with its date, the year only when it differs', () => {
    expect(lastSeenText(at(2025, 5, 13, 21, 4), now, 'en-US', t)).toBe(
      'presence.lastSeenOn:{"date":"Jun 13","time":"09:04 PM"}',
    );
    expect(lastSeenText(at(2024, 11, 31, 8, 0), now, 'en-US', t)).toBe(
      'presence.lastSeenOn:{"date":"Dec 31, 2024","time":"08:00 AM"}',
    );
  });
});

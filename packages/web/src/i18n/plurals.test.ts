/** Counts in every locale's plural forms (issue 20 point 13), through i18next as the app uses it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@parley/protocol';
import { timeText } from './timeText';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${locale}.json`), 'utf8')) as Record<string, unknown>;

function pluralBases(node: unknown, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      if (PLURAL.test(key)) out.add(key.replace(PLURAL, ''));
    } else pluralBases(v, key, out);
  }
  return out;
}

async function instance(locale: string): Promise<i18n> {
  const i = createInstance();
  await i.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: catalogue(locale) } },
    interpolation: { escapeValue: false },
  });
  return i;
}

/** Counts that reach every category somewhere: Arabic 0, 1, 2, 3-10, 11-99, 100-102; Russian 1, 2-4, 5+, 21; French 1e6. */
const COUNTS = [0, 1, 2, 3, 5, 10, 11, 21, 99, 100, 101, 102, 1_000_000];

describe('plural forms in all 15 locales', () => {
  it.each([...LOCALES])('%s has a text for every count of every counted key', async (locale) => {
    const i = await instance(locale);
    const bases = pluralBases(catalogue(locale));
    expect(bases.size).toBeGreaterThan(5);
    for (const base of bases)
      for (const count of COUNTS) {
        const text = i.t(base, { count, title: 'T' });
        expect(text, `${locale} ${base} ${count}`).not.toBe(base);
        expect(text).not.toMatch(/\{\{|_(zero|one|two|few|many|other)$/);
      }
  });

  it('uses the Arabic dual and counted forms, and Russian cases', async () => {
    const ar = await instance('ar-SA');
    expect(ar.t('chat.unreadCount', { count: 2 })).toBe('رسالتان غير مقروءتين');
    expect(ar.t('chat.unreadCount', { count: 1 })).toBe('رسالة واحدة غير مقروءة');
    expect(ar.t('chat.unreadCount', { count: 3 })).toBe('3 رسائل غير مقروءة');
    expect(ar.t('chat.unreadCount', { count: 11 })).toBe('11 رسالة غير مقروءة');
    expect(ar.t('friend.count', { count: 2 })).toBe('جهتا اتصال');
    expect(ar.t('chatBox.voicePlay', { count: 2 })).toBe('تشغيل الرسالة الصوتية، المدة ثانيتان');
    const ru = await instance('ru-RU');
    expect(ru.t('friend.count', { count: 1 })).toBe('1 контакт');
    expect(ru.t('friend.count', { count: 3 })).toBe('3 контакта');
    expect(ru.t('friend.count', { count: 5 })).toBe('5 контактов');
    expect(ru.t('complaint.verifyNote', { count: 24 })).toBe('Жалобы рассматриваются в течение 24 часов.');
    const en = await instance('en-US');
    expect(en.t('chatBox.voicePlay', { count: 1 })).toBe('Play voice message, 1 second');
    expect(en.t('console.system.sent', { count: 3 })).toBe('Sent to 3 users');
  });

  it.each([...LOCALES])('%s says minutes ago in its own forms', (locale) => {
    const t = (key: string) => key;
    const now = Date.now();
    const two = timeText(now - 2 * 60_000, now, locale, t);
    expect(two).toBe(new Intl.RelativeTimeFormat(locale).format(-2, 'minute'));
    if (locale === 'ar-SA') expect(two).toBe('قبل دقيقتين');
  });
});

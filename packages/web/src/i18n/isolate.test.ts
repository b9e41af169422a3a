// Issue 11 point 12: user text inside translated sentences is isolated (<bdi> or FSI … PDI).
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FSI, PDI, isolate, isolatedText, plainText, translateSegments, user } from './isolate';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: {
      'en-US': {
        translation: {
          recall: '{{name}} recalled a message',
          invited: '{{name}} invited {{members, list(type: unit)}}',
          count: '{{name}} sent {{count}} files',
        },
      },
      'ar-SA': { translation: { recall: 'استرجع {{name}} رسالة' } },
    },
  });
});
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe('isolate', () => {
  it('wraps user text in FSI … PDI and drops bidi controls that could escape it', () => {
    expect(isolate('Bob 42')).toBe(`${FSI}Bob 42${PDI}`);
    expect(isolate('a\u202Eb\u2069c\u200F')).toBe(`${FSI}abc${PDI}`);
  });

  it('joins segments as an isolated string, or plain for matching', () => {
    const segs = [user('Bob 42'), ': ', user('שלום')];
    expect(isolatedText(segs)).toBe(`${FSI}Bob 42${PDI}: ${FSI}שלום${PDI}`);
    expect(plainText(segs)).toBe('Bob 42: שלום');
  });
});

describe('translateSegments', () => {
  it('puts each user value in its own segment, wherever the language places it', () => {
    expect(translateSegments(t, 'recall', { name: 'Bob 42' })).toEqual([user('Bob 42'), ' recalled a message']);
    expect(translateSegments((k, o) => i18n.t(k, { ...o, lng: 'ar-SA' }), 'recall', { name: 'Bob 42' })).toEqual([
      'استرجع ',
      user('Bob 42'),
      ' رسالة',
    ]);
  });

  it('keeps list items apart (each isolated) and passes other options through', () => {
    const segs = translateSegments(t, 'invited', { name: 'سارة', members: ['Bob 42', 'דן'] });
    expect(segs.filter((s) => typeof s !== 'string')).toEqual([user('سارة'), user('Bob 42'), user('דן')]);
    expect(plainText(segs)).toBe('سارة invited Bob 42, דן');
    expect(translateSegments(t, 'count', { name: 'Ann' }, { count: 3 })).toEqual([user('Ann'), ' sent 3 files']);
  });

  it('user text is never read as i18next syntax', () => {
    expect(plainText(translateSegments(t, 'recall', { name: '{{count}} $t(recall)' }))).toBe(
      '{{count}} $t(recall) recalled a message',
    );
  });
});

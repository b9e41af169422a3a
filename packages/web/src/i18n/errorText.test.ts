import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_RULES, describeServerError } from '@parley/protocol';
import { errorText } from './index';

const catalogues = import.meta.glob<Record<string, unknown>>('./locales/{en-US,zh-CN}.json', {
  eager: true,
  import: 'default',
});

beforeAll(async () => {
  await i18next.init({
    resources: {
      'en-US': { translation: catalogues['./locales/en-US.json']! },
      'zh-CN': { translation: catalogues['./locales/zh-CN.json']! },
    },
    lng: 'en-US',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
});

const serverText = (params: Record<string, string | number>) => describeServerError('invalidParam', params);
const show = (params: Record<string, string | number>) => errorText('invalidParam', serverText(params), params);

describe('errorText: invalidParam with field and rule', () => {
  it('names the field and the rule in en-US', async () => {
    await i18next.changeLanguage('en-US');
    expect(show({ field: 'targetId', rule: 'integer' })).toBe('Invalid request: Target ID must be a whole number');
    expect(show({ field: 'nickName', rule: 'maxLength', max: 20 })).toBe(
      'Invalid request: Nickname must be at most 20 characters long',
    );
  });

  it('translates both in zh-CN, with no raw keys or English left', async () => {
    await i18next.changeLanguage('zh-CN');
    const text = show({ field: 'targetId', rule: 'integer' });
    expect(text).toBe('请求参数错误：“投诉对象 ID”必须是整数');
    expect(text).not.toMatch(/targetId|integer|rules\.|fields\.|whole number/);
    expect(show({ field: 'type', rule: 'oneOf', values: '1, 2, 3' })).toBe(
      '请求参数错误：“类型”必须是以下值之一：1, 2, 3',
    );
  });

  it('uses the first path segment of an array entry, and the raw name of an unknown field', async () => {
    await i18next.changeLanguage('en-US');
    expect(show({ field: 'images.3', rule: 'uploadUrl' })).toBe(
      'Invalid request: Images must be a file uploaded to this server',
    );
    expect(show({ field: 'colour', rule: 'unknown' })).toBe('Invalid request: colour is not a known field');
  });

  it('still reads as a sentence when an older server sends neither field nor rule', async () => {
    await i18next.changeLanguage('en-US');
    expect(errorText('invalidParam', 'Invalid request: ', { detail: 'x' })).toBe(
      'Invalid request: Request body has the wrong format',
    );
  });

  it('fills every rule in both languages', async () => {
    for (const lng of ['en-US', 'zh-CN']) {
      await i18next.changeLanguage(lng);
      for (const rule of FIELD_RULES) {
        const text = show({ field: 'size', rule, min: 1, max: 9, values: 'a, b' });
        expect(text, `${lng} ${rule}`).not.toMatch(/\{\{|rules\.|fields\./);
      }
    }
  });
});

describe('errorText: other keys', () => {
  it('keeps the fallback when a slot is missing', async () => {
    await i18next.changeLanguage('en-US');
    expect(errorText('accountBanned', 'server words', {})).toBe('server words');
    expect(errorText('accountBanned', 'server words', { reason: 'spam' })).toContain('spam');
  });
});

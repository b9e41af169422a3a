import { MessageType } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summaryText } from './content';
import { externalLinkPath, isOwnMediaUrl, isolated, plainFileName } from './safeMedia';

describe('file names', () => {
  it('drops bidi overrides, embeddings, isolates and marks, so the real extension shows', () => {
    expect(plainFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(plainFileName('a\u202A\u202B\u202C\u202Db\u2066\u2067\u2068\u2069c\u200E\u200F\u061Cd.txt')).toBe(
      'abcd.txt',
    );
  });

  it('keeps every other character, right-to-left letters included', () => {
    expect(plainFileName('تقرير 2024.pdf')).toBe('تقرير 2024.pdf');
    expect(plainFileName('报告 (final).docx')).toBe('报告 (final).docx');
  });

  it('shows a file in a quote isolated from the text around it', () => {
    const t = (k: string) => `[${k}]`;
    const content = JSON.stringify({ name: 'invoice\u202Efdp.exe', size: 1, url: '' });
    expect(summaryText(MessageType.FILE, content, t)).toBe(`[chat.preview.file] ${isolated('invoicefdp.exe')}`);
    expect(isolated('x')).toBe('\u2068x\u2069');
  });
});

describe('media URLs', () => {
  afterEach(() => vi.unstubAllGlobals());
  const hex = '0123456789abcdef0123456789abcdef';

  it("accepts this server's uploads only", () => {
    expect(isOwnMediaUrl(`/uploads/2024/05/${hex}.png`)).toBe(true);
    expect(isOwnMediaUrl(`/uploads/files/2024/05/${hex}/a%20b.pdf`)).toBe(true);
    expect(isOwnMediaUrl(`/uploads/videos/2024/05/${hex}.mp4`)).toBe(true);
    for (const url of [
      'https://evil.example/x.png',
      '//evil.example/uploads/x.png',
      '/\\evil.example/x.png',
      '/uploads/../secrets.json',
      'javascript:alert(1)',
      '',
    ])
      expect(isOwnMediaUrl(url), url).toBe(false);
  });

  it("accepts this page's object URLs (own uploads in progress), not another origin's", () => {
    vi.stubGlobal('location', { origin: 'https://parley.example' });
    expect(isOwnMediaUrl('blob:https://parley.example/5b1c')).toBe(true);
    expect(isOwnMediaUrl('blob:https://evil.example/5b1c')).toBe(false);
  });

  it('routes an outside URL to the external-link warning', () => {
    expect(externalLinkPath('https://x.example/a?b=1')).toBe(
      '/pages/common/external-link?url=https%3A%2F%2Fx.example%2Fa%3Fb%3D1',
    );
  });
});

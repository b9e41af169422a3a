import { describe, expect, it } from 'vitest';
import { AT_ALL, AT_ALL_TEXT } from '@parley/protocol';
import { splitText, splitWithMentions } from './splitText';

const fits = (parts: string[], max: number) => parts.every((p) => p.length > 0 && p.length <= max);
/** What the parts lost: only whitespace at the cuts. */
const squash = (s: string) => s.replace(/\s+/gu, '');

describe('splitText', () => {
  it('leaves a text at or under the limit whole', () => {
    expect(splitText('a'.repeat(20), 20)).toEqual(['a'.repeat(20)]);
    expect(splitText('hello', 20)).toEqual(['hello']);
  });

  it('one past the limit makes two parts, each within it', () => {
    const parts = splitText('a'.repeat(21), 20);
    expect(parts).toEqual(['a'.repeat(20), 'a']);
  });

  it('cuts at a paragraph break before a sentence or a space', () => {
    const text = 'First para line one.\n\nSecond para. More words here';
    expect(splitText(text, 30)).toEqual(['First para line one.', 'Second para. More words here']);
  });

  it('cuts after a sentence end before a plain space, but not inside "3.14"', () => {
    expect(splitText('One two three. Four five six seven', 24)).toEqual(['One two three.', 'Four five six seven']);
    const parts = splitText('Pi is 3.14159 and more words', 12);
    expect(parts.join(' ')).toBe('Pi is 3.14159 and more words'.replace(/\s+/gu, ' '));
    expect(parts.some((p) => p.endsWith('3.'))).toBe(false);
  });

  it('cuts at the last space (words stay whole), never leaving blank parts', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta';
    const parts = splitText(text, 12);
    expect(fits(parts, 12)).toBe(true);
    expect(parts.join(' ')).toBe(text);
  });

  it('cuts a word longer than the limit at the limit', () => {
    const parts = splitText(`x ${'w'.repeat(50)} y`, 20);
    expect(fits(parts, 20)).toBe(true);
    expect(squash(parts.join(''))).toBe(squash(`x ${'w'.repeat(50)} y`));
  });

  it('CJK: cuts after a full stop, no spaces needed', () => {
    const text = `${'中'.repeat(8)}。${'文'.repeat(8)}。${'字'.repeat(8)}`;
    const parts = splitText(text, 20);
    expect(parts).toEqual([`${'中'.repeat(8)}。${'文'.repeat(8)}。`, '字'.repeat(8)]);
  });

  it('Arabic: words and the Arabic question mark', () => {
    const text = 'مرحبا كيف حالك اليوم؟ أنا بخير شكرا لك يا صديقي';
    const parts = splitText(text, 24);
    expect(fits(parts, 24)).toBe(true);
    expect(parts[0]).toBe('مرحبا كيف حالك اليوم؟');
    expect(parts.join(' ')).toBe(text);
  });

  it('never cuts inside an emoji token', () => {
    const text = `${'a'.repeat(18)}#smile;#smile;`;
    const parts = splitText(text, 20);
    expect(parts).toEqual(['a'.repeat(18), '#smile;#smile;']);
    const tight = splitText('#smile;'.repeat(10), 20);
    expect(tight.every((p) => /^(#smile;)+$/u.test(p))).toBe(true);
    expect(tight.join('')).toBe('#smile;'.repeat(10));
  });

  it('an unknown #token; is plain text and may be cut', () => {
    expect(splitText(`${'a'.repeat(18)}#nosuchthing;`, 20)[0]).toBe(`${'a'.repeat(18)}#n`);
  });

  it('never cuts a surrogate pair', () => {
    const text = '😀'.repeat(15); // 30 code units
    const parts = splitText(text, 11);
    expect(fits(parts, 11)).toBe(true);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(p).toMatch(/^(😀)+$/u);
  });

  it('keeps a mention whole in the part that holds it', () => {
    const text = `${'hi '.repeat(5)}@Ann Lee see this`;
    const parts = splitText(text, 20, ['@Ann Lee']);
    expect(parts.filter((p) => p.includes('@Ann Lee'))).toHaveLength(1);
    expect(parts.join(' ')).toBe(text.replace(/\s+/gu, ' '));
  });

  it('the real limit: 67 sentences of 45 characters go as 22 + 22 + 22 + 1, each ending a sentence', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog. ';
    const text = sentence.repeat(67).trim();
    const parts = splitText(text, 1024);
    expect(parts.map((p) => p.length)).toEqual([989, 989, 989, 44]);
    expect(fits(parts, 1024)).toBe(true);
    for (const p of parts) expect(p.endsWith('.')).toBe(true);
    expect(parts.join(' ')).toBe(text);
  });
});

describe('splitWithMentions', () => {
  it('each part names the mentions it holds; everyone travels as @all', () => {
    const mentions = [
      { userId: 7, name: 'Ann Lee' },
      { userId: AT_ALL, name: 'everyone' },
    ];
    const wire = `@Ann Lee ${'word '.repeat(6)}${AT_ALL_TEXT} tomorrow`;
    const parts = splitWithMentions(wire, 30, mentions);
    expect(parts.map((p) => p.text).join(' ')).toBe(wire.replace(/\s+/gu, ' '));
    expect(parts[0]).toEqual({ text: expect.stringMatching(/^@Ann Lee/u), atUserIds: [7] });
    expect(parts.at(-1)).toEqual({ text: expect.stringContaining(AT_ALL_TEXT), atUserIds: [AT_ALL] });
    expect(parts.filter((p) => p.atUserIds.length === 0).length).toBe(parts.length - 2);
  });
});

import { describe, expect, it } from 'vitest';
import { applyMarkdown } from './markdownEdit';

const sel = (text: string, start: number, end = start) => ({ text, start, end });

describe('applyMarkdown', () => {
  it('wraps the selection in bold and italic, keeping it selected', () => {
    expect(applyMarkdown('bold', sel('say hi now', 4, 6))).toEqual({ text: 'say **hi** now', start: 6, end: 8 });
    expect(applyMarkdown('italic', sel('hi', 0, 2))).toEqual({ text: '*hi*', start: 1, end: 3 });
  });
  it('unwraps a selection that is already wrapped', () => {
    expect(applyMarkdown('bold', sel('say **hi** now', 6, 8))).toEqual({ text: 'say hi now', start: 4, end: 6 });
  });
  it('inserts empty marks at the cursor', () => {
    expect(applyMarkdown('bold', sel('ab', 1))).toEqual({ text: 'a****b', start: 3, end: 3 });
  });
  it('prefixes every selected line, and removes the prefix when all have it', () => {
    expect(applyMarkdown('list', sel('one\ntwo\nthree', 1, 6))).toEqual({
      text: '- one\n- two\nthree',
      start: 3,
      end: 10,
    });
    expect(applyMarkdown('list', sel('- one\n- two', 2, 10))).toEqual({ text: 'one\ntwo', start: 0, end: 6 });
    expect(applyMarkdown('heading', sel('a\nTitle', 3))).toEqual({ text: 'a\n## Title', start: 6, end: 6 });
    expect(applyMarkdown('quote', sel('', 0))).toEqual({ text: '> ', start: 2, end: 2 });
  });
  it('makes a link of the selection and selects its URL', () => {
    const out = applyMarkdown('link', sel('see docs', 4, 8));
    expect(out.text).toBe('see [docs](https://)');
    expect(out.text.slice(out.start, out.end)).toBe('https://');
    const empty = applyMarkdown('link', sel('', 0));
    expect(empty.text).toBe('[link](https://)');
    expect(empty.text.slice(empty.start, empty.end)).toBe('https://');
  });
});

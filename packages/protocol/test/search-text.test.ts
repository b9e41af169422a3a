/** The shared matcher and snippet of search hits (issue 11 point 20): CJK, Arabic, Latin, cuts. */
import { describe, expect, it } from 'vitest';
import { findMatches, matchesKeyword, snippetOf } from '../src/index.js';

describe('findMatches', () => {
  it.each([
    [
      '我们明天在北京见面，北京很大',
      '北京',
      [
        [5, 7],
        [10, 12],
      ],
    ],
    ['東京タワーに行きました', 'タワー', [[2, 5]]],
    ['오늘 서울 날씨가 좋네요', '서울 날씨', [[3, 8]]],
    ['مرحبا بالعالم الجميل', 'بالعالم', [[6, 13]]],
    ['The Quick Brown Fox', 'quick brown', [[4, 15]]],
    ['ПРИВЕТ мир', 'привет', [[0, 6]]],
  ])('%s ∋ %s', (text, keyword, ranges) => {
    expect(findMatches(text, keyword)).toEqual(ranges);
  });
  it('trims the keyword and finds nothing for blank or absent text', () => {
    expect(findMatches('a b', '  ')).toEqual([]);
    expect(matchesKeyword('hello', ' ell ')).toBe(true);
    expect(matchesKeyword('hello', 'world')).toBe(false);
  });
});

describe('snippetOf', () => {
  it('keeps a short text whole, on one line', () => {
    expect(snippetOf('a\nquick\tfox', 'quick')).toEqual({ snippet: 'a quick fox', ranges: [[2, 7]] });
  });
  it('cuts around the first match and marks both cuts', () => {
    const { snippet, ranges } = snippetOf(`${'前'.repeat(300)}关键词${'后'.repeat(300)}`, '关键词', 60);
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true);
    expect(ranges.map(([s, e]) => snippet.slice(s, e))).toEqual(['关键词']);
  });
  it('never splits a surrogate pair at a cut', () => {
    const { snippet } = snippetOf(`${'😀'.repeat(100)}needle${'😀'.repeat(100)}`, 'needle', 41);
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

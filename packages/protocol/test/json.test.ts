import { describe, expect, it } from 'vitest';
import {
  JSON_MAX_DEPTH,
  JSON_MAX_ENTRIES,
  JSON_MAX_KEYS,
  JsonTooCostly,
  jsonShapeFault,
  parseJson,
} from '../src/index.js';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('the JSON shape check (hardening issue 18 point 1)', () => {
  it('takes nesting up to JSON_MAX_DEPTH and refuses one level more, closed or not', () => {
    expect(jsonShapeFault(nested(JSON_MAX_DEPTH))).toBeUndefined();
    expect(jsonShapeFault(nested(JSON_MAX_DEPTH + 1))).toBe('depth');
    expect(jsonShapeFault('{"a":'.repeat(JSON_MAX_DEPTH + 1))).toBe('depth');
  });
  it('counts keys and entries outside strings only', () => {
    const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(jsonShapeFault(keys(JSON_MAX_KEYS))).toBeUndefined();
    expect(jsonShapeFault(keys(JSON_MAX_KEYS + 1))).toBe('keys');
    expect(
      jsonShapeFault(
        `[${Array(JSON_MAX_ENTRIES + 1)
          .fill(1)
          .join(',')}]`,
      ),
    ).toBeUndefined();
    expect(
      jsonShapeFault(
        `[${Array(JSON_MAX_ENTRIES + 2)
          .fill(1)
          .join(',')}]`,
      ),
    ).toBe('entries');
    // Brackets, colons, commas and escaped quotes inside a string are text.
    const text = JSON.stringify({ s: `${nested(100)}::,,\\"[[[` });
    expect(jsonShapeFault(text)).toBeUndefined();
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });
  it('parseJson refuses a costly shape before parsing and leaves bad JSON to JSON.parse', () => {
    expect(() => parseJson(nested(1000))).toThrow(JsonTooCostly);
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
  });
});

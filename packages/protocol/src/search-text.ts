/**
 * Where a search keyword occurs in a text, and the piece of text shown around it.
 * Shared by the server (hits of `GET /message/search`) and the web app (the chat list
 * filter), so both highlight alike. Matching ignores case where lower-casing keeps
 * the length (all of CJK, Arabic, Latin, Cyrillic…), as the databases' indexes do.
 */

export type MatchRange = [start: number, end: number];

/** Case-folded copy of `s` when folding keeps every position, else `s` itself. */
function fold(s: string): string {
  const lower = s.toLowerCase();
  return lower.length === s.length ? lower : s;
}

/** Every non-overlapping occurrence of `keyword` in `text`, [start, end) in UTF-16 units. */
export function findMatches(text: string, keyword: string): MatchRange[] {
  const needle = fold(keyword.trim());
  if (!needle) return [];
  const hay = fold(text);
  const ranges: MatchRange[] = [];
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
    ranges.push([at, at + needle.length]);
  }
  return ranges;
}

/** Does `text` contain `keyword` (case-insensitive as above)? */
export const matchesKeyword = (text: string, keyword: string): boolean => findMatches(text, keyword).length > 0;

/** Characters kept before the first match when the text must be cut. */
const LEAD = 16;

/**
 * At most `max` UTF-16 units of `text` around its first match, with `…` where cut,
 * and the matches inside it. Never cuts a surrogate pair.
 */
export function snippetOf(text: string, keyword: string, max = 120): { snippet: string; ranges: MatchRange[] } {
  const flat = text.replace(/\s+/g, ' ');
  const all = findMatches(flat, keyword);
  if (flat.length <= max) return { snippet: flat, ranges: all };
  const first = all[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  let end = Math.min(flat.length, start + max);
  start = Math.max(0, end - max);
  if (start > 0 && isLowSurrogate(flat.charCodeAt(start))) start++;
  if (end < flat.length && isLowSurrogate(flat.charCodeAt(end))) end--;
  const prefix = start > 0 ? '…' : '';
  const snippet = prefix + flat.slice(start, end) + (end < flat.length ? '…' : '');
  const shift = prefix.length - start;
  const ranges = all.filter(([s, e]) => s >= start && e <= end).map(([s, e]): MatchRange => [s + shift, e + shift]);
  return { snippet, ranges };
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

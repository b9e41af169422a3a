/**
 * The contacts list order: friends sorted by display name (showNickName) with the
 * locale's collation, grouped under letter sections. Latin names group by their
 * base letter (É → E); in Chinese locales Han names group by the pinyin initial;
 * other cased alphabets (Cyrillic, Greek) by their own capital; Arabic names in
 * Arabic; everything else (digits, emoji, scripts without a letter index) under '#',
 * which always comes last. Pure, for node tests.
 */
import type { Friend } from '@parley/protocol';

export const OTHER_SECTION = '#';

export interface Section<T> {
  key: string;
  items: T[];
}

type Named = Pick<Friend, 'showNickName'>;

/** First character of each pinyin initial A-Z in pinyin collation order (no I, U, V). */
const PINYIN_BOUNDARIES = '阿八嚓哒妸发旮哈讥咔垃呣拏噢妑七呥扨它穵夕丫帀';
const PINYIN_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';

const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return c;
}

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
const ARABIC = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;

function pinyinInitial(ch: string): string {
  const pinyin = collatorFor('zh-CN-u-co-pinyin');
  let letter = OTHER_SECTION;
  for (let i = 0; i < PINYIN_BOUNDARIES.length; i++) {
    if (pinyin.compare(ch, PINYIN_BOUNDARIES[i]!) < 0) break;
    letter = PINYIN_LETTERS[i]!;
  }
  return letter;
}

/** Base letter without diacritics, upper-cased: "é" → "E", "ß" → "S". */
function baseLetter(ch: string, locale: string): string {
  const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return [...stripped.toLocaleUpperCase(locale)][0] ?? OTHER_SECTION;
}

/** The section a display name belongs to in a locale. */
export function sectionKey(name: string, locale: string): string {
  const first = [...name.trim()][0];
  if (!first || !LETTER.test(first)) return OTHER_SECTION;
  if (LATIN.test(first)) {
    const letter = baseLetter(first, 'en');
    return /^[A-Z]$/.test(letter) ? letter : OTHER_SECTION;
  }
  if (HAN.test(first)) return locale.startsWith('zh') ? pinyinInitial(first) : OTHER_SECTION;
  if (ARABIC.test(first)) return locale.startsWith('ar') ? baseLetter(first, locale) : OTHER_SECTION;
  const cased = first.toLocaleUpperCase(locale) !== first.toLocaleLowerCase(locale);
  return cased ? baseLetter(first, locale) : OTHER_SECTION;
}

/** Sort by display name and group into sections; '#' last, other sections in collation order. */
export function groupByLetter<T extends Named>(friends: readonly T[], locale: string): Section<T>[] {
  const collator = collatorFor(locale);
  const sorted = [...friends].sort((a, b) => collator.compare(a.showNickName, b.showNickName));
  const byKey = new Map<string, T[]>();
  for (const f of sorted) {
    const key = sectionKey(f.showNickName, locale);
    const items = byKey.get(key);
    if (items) items.push(f);
    else byKey.set(key, [f]);
  }
  return [...byKey.entries()]
    .map(([key, items]) => ({ key, items }))
    .sort((a, b) => {
      if (a.key === OTHER_SECTION) return b.key === OTHER_SECTION ? 0 : 1;
      if (b.key === OTHER_SECTION) return -1;
      return collator.compare(a.key, b.key);
    });
}

type Searchable = Pick<Friend, 'showNickName' | 'nickName' | 'remark' | 'userName'>;

/** Lower-cased, without diacritics, so "jose" finds "José". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Friends whose display name, nickname, remark or user name contains the query (case-insensitive). */
export function filterFriends<T extends Searchable>(friends: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  if (!q) return [...friends];
  return friends.filter((f) => [f.showNickName, f.nickName, f.remark, f.userName].some((v) => fold(v).includes(q)));
}

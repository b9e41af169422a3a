/**
 * Text hygiene for names and short profile texts (user name, nickname, signature,
 * friend remark): one normal form, and no invisible or direction-changing characters,
 * so two accounts cannot look alike ("trial" vs "tri\u200Bal") and no text can flip
 * the layout around it.
 */

/** NFKC (full-width letters, ligatures and compatibility forms become their plain form). */
export const cleanText = (s: string): string => s.normalize('NFKC');

/** As cleanText, and line breaks of any platform become `\n` (multi-line texts: signature). */
export const cleanMultiline = (s: string): string => cleanText(s).replace(/\r\n?/g, '\n');

/**
 * Controls (Cc: NUL, tab, line breaks…), format characters (Cf: zero-width space and
 * joiner, bidi overrides and isolates, BOM, soft hyphen…), lone surrogates (Cs),
 * private use (Co), line and paragraph separators (Zl, Zp), and the blank letters
 * used for invisible names (Hangul fillers, braille blank, combining grapheme joiner).
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034f\u115f\u1160\u2800\u3164\uffa0]/u;
/** A zero-width joiner inside an emoji sequence (👩‍💻) draws one emoji and is allowed. */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d(?=\p{Extended_Pictographic})/gu;

/** True when `s` holds a character names and profile texts may not hold; `newlines` allows `\n`. */
export function hasForbiddenChars(s: string, opts: { newlines?: boolean } = {}): boolean {
  let text = s.replace(EMOJI_ZWJ, '');
  if (opts.newlines) text = text.replace(/\n/g, '');
  return FORBIDDEN.test(text);
}

/**
 * Scripts a name may be written in, as the JS engine's Unicode Script_Extensions
 * name them: the Recommended scripts of UTS #31 (Table 5), all in Unicode for
 * decades, so every browser knows them. A letter of any other script counts as
 * "other" (it may stand alone, never beside these).
 */
const SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const;
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script_Extensions=${s}}`, 'u')] as const);
/** Common (digits, punctuation, symbols) and inherited (combining marks) characters go with any script. */
const ANY_SCRIPT = /[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]/u;
/** UTS #39 §5.1 augmented script sets: Han is also written within Japanese, Korean and Bopomofo writing. */
const AUGMENTED: Partial<Record<string, readonly string[]>> = {
  Han: ['Hanb', 'Jpan', 'Kore'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};
/** UTS #39 §5.2 "Highly Restrictive": Latin may join Chinese, Japanese or Korean writing. */
const WITH_LATIN = ['Hanb', 'Jpan', 'Kore'] as const;

/** The augmented scripts of one character; null for a common or inherited one. */
function scriptsOf(ch: string): Set<string> | null {
  if (ANY_SCRIPT.test(ch)) return null;
  const out = new Set<string>();
  for (const [name, re] of SCRIPT_RES) {
    if (!re.test(ch)) continue;
    out.add(name);
    for (const extra of AUGMENTED[name] ?? []) out.add(extra);
  }
  if (out.size === 0) out.add('other');
  return out;
}

/** One part of a name is "Highly Restrictive" (UTS #39 §5.2): one script, or Latin with CJK writing. */
function partIsRestrictive(part: string): boolean {
  const sets = [...part].map(scriptsOf).filter((s): s is Set<string> => s !== null);
  if (sets.length === 0) return true;
  const [first, ...rest] = sets;
  const common = [...first!].filter((s) => rest.every((set) => set.has(s)));
  if (common.length > 0) return true;
  return WITH_LATIN.some((cjk) => sets.every((set) => set.has('Latin') || set.has(cjk)));
}

/**
 * True when a user name mixes scripts the way look-alike names do (`trіal` with a
 * Cyrillic і, `раypal` with Cyrillic р and а): some part of it (the local part, or a
 * label of the domain) is not one script, nor Latin with Chinese, Japanese or Korean.
 * A name wholly in another script (`иван@почта.рф`, `张伟@例子.中国`) is fine.
 */
export const mixesScripts = (userName: string): boolean => !userName.split(/[@.]/).every(partIsRestrictive);

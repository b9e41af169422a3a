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

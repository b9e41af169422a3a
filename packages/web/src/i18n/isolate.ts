/**
 * User text (nicknames, group names, message text, file names) inside translated
 * sentences must not take part in the sentence's bidi ordering: "Bob 42" in an Arabic
 * sentence, or an Arabic name in an English one, would otherwise be reordered with its
 * neighbours (issue 11 point 12). A sentence is kept as segments: plain translated text
 * and user text. React renders user segments in <bdi> (no invisible characters in the
 * page text); a plain string (document title, toast, notification) wraps them in
 * first-strong isolates (FSI … PDI), the text form of <bdi>.
 */

export const FSI = '\u2068';
export const PDI = '\u2069';

/** Plain translated text, or `{ user }`: text a person wrote, shown isolated. */
export type Segment = string | { user: string };

/** Embeddings, overrides, isolates and marks inside user text: they could escape their isolate. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** User text with its own bidi controls dropped, wrapped in FSI … PDI. */
export const isolate = (text: string): string => `${FSI}${text.replace(BIDI_CONTROLS, '')}${PDI}`;

/** One user segment. */
export const user = (text: string): Segment => ({ user: text });

/** The sentence as a plain string with each user part isolated (titles, toasts, notifications). */
export function isolatedText(segments: readonly Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : isolate(s.user))).join('');
}

/** The sentence without isolates (matching a search keyword, accessible names built elsewhere). */
export function plainText(segments: readonly Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.user)).join('');
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** Stands for user value `i` while i18next formats the sentence (lists included); private-use marks. */
const slot = (i: number): string => `\uE000${i}\uE001`;
const SLOT = /\uE000(\d+)\uE001/;

/**
 * Translate `key` with user values (a string, or a list formatted by the template) and
 * return the sentence as segments. i18next only ever sees stand-ins, so user text can
 * never act as an i18next option or nest a translation.
 */
export function translateSegments(
  t: Translate,
  key: string,
  values: Record<string, string | readonly string[]>,
  options: Record<string, unknown> = {},
): Segment[] {
  const texts: string[] = [];
  const stand = (v: string) => slot(texts.push(v) - 1);
  const replace = {
    ...options,
    ...Object.fromEntries(
      Object.entries(values).map(([name, v]) => [name, typeof v === 'string' ? stand(v) : v.map(stand)]),
    ),
  };
  // With `replace`, i18next interpolates from it alone (so options such as `count` go in too);
  // top-level as well for plural choice and for translators that read only those.
  const parts = t(key, { ...replace, replace }).split(SLOT);
  const out: Segment[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) out.push(part);
    } else out.push(user(texts[Number(part)] ?? ''));
  });
  return out;
}

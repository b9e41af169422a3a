/**
 * The 58 named emoji (spec §3). Text carries them as `#name;`; the index is
 * the stable image slot, so never reorder or remove, only append.
 */
export const EMOJI = [
  ['smile', '🙂'],
  ['grin', '😁'],
  ['joy', '😂'],
  ['rofl', '🤣'],
  ['wink', '😉'],
  ['blush', '😊'],
  ['heartEyes', '😍'],
  ['kiss', '😘'],
  ['yum', '😋'],
  ['tongue', '😛'],
  ['crazy', '🤪'],
  ['hug', '🤗'],
  ['think', '🤔'],
  ['shush', '🤫'],
  ['neutral', '😐'],
  ['smirk', '😏'],
  ['rollEyes', '🙄'],
  ['relieved', '😌'],
  ['sleepy', '😪'],
  ['sleep', '😴'],
  ['mask', '😷'],
  ['sick', '🤢'],
  ['hot', '🥵'],
  ['cold', '🥶'],
  ['dizzy', '😵'],
  ['cool', '😎'],
  ['nerd', '🤓'],
  ['confused', '😕'],
  ['worried', '😟'],
  ['surprised', '😮'],
  ['flushed', '😳'],
  ['pleading', '🥺'],
  ['fearful', '😨'],
  ['cry', '😢'],
  ['sob', '😭'],
  ['scream', '😱'],
  ['sweat', '😓'],
  ['angry', '😠'],
  ['rage', '😡'],
  ['skull', '💀'],
  ['poop', '💩'],
  ['clown', '🤡'],
  ['ghost', '👻'],
  ['party', '🥳'],
  ['heart', '❤️'],
  ['brokenHeart', '💔'],
  ['fire', '🔥'],
  ['star', '⭐'],
  ['thumbsUp', '👍'],
  ['thumbsDown', '👎'],
  ['ok', '👌'],
  ['clap', '👏'],
  ['pray', '🙏'],
  ['muscle', '💪'],
  ['wave', '👋'],
  ['rose', '🌹'],
  ['cake', '🎂'],
  ['gift', '🎁'],
] as const satisfies readonly (readonly [string, string])[];

export type EmojiName = (typeof EMOJI)[number][0];
export const EMOJI_COUNT = EMOJI.length;
export const EMOJI_NAMES: readonly string[] = EMOJI.map(([name]) => name);
const EMOJI_INDEX = new Map<string, number>(EMOJI_NAMES.map((n, i) => [n, i]));

/** Matches a `#name;` token; the capture is the name. */
export const EMOJI_TOKEN = /#([A-Za-z]+);/g;

export const emojiToken = (name: EmojiName): string => `#${name};`;
export const emojiIndex = (name: string): number => EMOJI_INDEX.get(name) ?? -1;

export type TextPart = { kind: 'text'; text: string } | { kind: 'emoji'; name: string; index: number };

/** Split text into plain runs and known emoji; unknown tokens stay text. */
export function splitEmoji(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(EMOJI_TOKEN)) {
    const index = emojiIndex(m[1]!);
    if (index < 0) continue;
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    parts.push({ kind: 'emoji', name: m[1]!, index });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A text past the server's limit, sent as several messages (issue 22 point 7). The
 * limit counts UTF-16 code units of the wire text, as the server does. Each cut is
 * the last paragraph break within the limit, else the last sentence end, else the
 * last space, else the limit itself; never inside an emoji token (`#name;`), a
 * surrogate pair or a span the caller keeps whole (a mention's `@name`). Whitespace
 * at a cut is dropped, so no part starts or ends blank.
 */
import { AT_ALL, AT_ALL_TEXT, splitEmoji } from '@parley/protocol';
import { atUserIdsOf, type Mention } from './mentions';

/** A paragraph or sentence end is looked for in the last half of the room only: earlier, a space makes a fuller part. */
const MIN_SHARE = 0.5;
/** Ends a sentence wherever it stands (CJK full stops, the ellipsis character). */
const SENTENCE_END_ANYWHERE = /[。！？…]/u;
/** Ends a sentence when a space or the end follows ("3.14" and "e.g" do not). */
const SENTENCE_END_BEFORE_SPACE = /[.!?؟]/u;
const SPACE = /\s/u;

/** Positions where a cut may not fall (strictly inside a token, pair or kept span). */
function blockedCuts(text: string, keep: readonly string[]): Set<number> {
  const blocked = new Set<number>();
  const block = (start: number, end: number) => {
    for (let i = start + 1; i < end; i++) blocked.add(i);
  };
  let at = 0;
  for (const part of splitEmoji(text)) {
    const len = part.kind === 'emoji' ? part.name.length + 2 : part.text.length;
    if (part.kind === 'emoji') block(at, at + len);
    at += len;
  }
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) blocked.add(i + 1);
  }
  for (const span of keep) {
    if (!span) continue;
    for (let i = text.indexOf(span); i >= 0; i = text.indexOf(span, i + 1)) block(i, i + span.length);
  }
  return blocked;
}

/** The best cut in `text` at most `max` from `start` (a position after `start`). */
function cutAt(text: string, start: number, max: number, blocked: Set<number>): number {
  const end = start + max;
  const allowed = (i: number) => !blocked.has(i);
  const floor = start + Math.floor(max * MIN_SHARE);
  const last = (test: (i: number) => boolean, from = floor) => {
    for (let i = end; i > from; i--) if (allowed(i) && test(i)) return i;
    return -1;
  };
  const paragraph = last((i) => text[i - 1] === '\n' && text[i - 2] === '\n');
  if (paragraph > 0) return paragraph;
  const line = last((i) => text[i - 1] === '\n');
  if (line > 0) return line;
  const sentence = last((i) => {
    const c = text[i - 1] ?? '';
    return SENTENCE_END_ANYWHERE.test(c) || (SENTENCE_END_BEFORE_SPACE.test(c) && SPACE.test(text[i] ?? ''));
  });
  if (sentence > 0) return sentence;
  const space = last((i) => SPACE.test(text[i] ?? ''), start);
  if (space > 0) return space;
  for (let i = end; i > start; i--) if (allowed(i)) return i;
  return end; // a kept span longer than the limit: the server's rule wins
}

export function splitText(text: string, max: number, keep: readonly string[] = []): string[] {
  const blocked = blockedCuts(text, keep);
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    // Whitespace at a cut belongs to neither part.
    while (start < text.length && SPACE.test(text[start]!)) start++;
    if (start >= text.length) break;
    if (text.length - start <= max) {
      parts.push(text.slice(start).trimEnd());
      break;
    }
    const cut = cutAt(text, start, max, blocked);
    const part = text.slice(start, cut).trimEnd();
    if (part) parts.push(part);
    start = cut;
  }
  return parts;
}

/** A part to send: its wire text and the ids of the mentions written in it. */
export interface TextPart {
  text: string;
  atUserIds: number[];
}

/**
 * splitText for the composer: `mentions` (by display name; everyone's is on the wire
 * as AT_ALL_TEXT) stay whole, and each part names the mentions its text holds.
 */
export function splitWithMentions(wire: string, max: number, mentions: readonly Mention[]): TextPart[] {
  const onWire = mentions.map((m) => (m.userId === AT_ALL ? { ...m, name: AT_ALL_TEXT.slice(1) } : m));
  const parts = splitText(
    wire,
    max,
    onWire.map((m) => `@${m.name}`),
  );
  return parts.map((text) => ({ text, atUserIds: atUserIdsOf(text, onWire) }));
}

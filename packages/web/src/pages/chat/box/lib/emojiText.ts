/**
 * Text messages and emoji (spec §3: 58 named emoji written as `#name;`).
 * The composer shows the emoji characters; text travels with tokens. These pure
 * helpers convert both ways and split a message into what the bubble renders.
 */
import { EMOJI, splitEmoji } from '@parley/protocol';

const CHAR_BY_NAME = new Map<string, string>(EMOJI.map(([name, char]) => [name, char]));
const VS16 = '\uFE0F';
const base = (char: string) => char.replaceAll(VS16, '');
const NAME_BY_BASE = new Map<string, string>(EMOJI.map(([name, char]) => [base(char), name]));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any of the 58 characters, with or without the emoji presentation selector; longest first. */
const CHAR_PATTERN = new RegExp(
  [...NAME_BY_BASE.keys()]
    .sort((a, b) => b.length - a.length)
    .map((c) => `${escape(c)}${VS16}?`)
    .join('|'),
  'gu',
);

export const emojiChar = (name: string): string | undefined => CHAR_BY_NAME.get(name);

/** `#smile;` → 🙂 (unknown tokens stay as typed). */
export function tokensToDisplay(text: string): string {
  return splitEmoji(text)
    .map((p) => (p.kind === 'emoji' ? (CHAR_BY_NAME.get(p.name) ?? '') : p.text))
    .join('');
}

/** 🙂 → `#smile;`: what the composer sends. */
export function displayToTokens(text: string): string {
  return text.replace(CHAR_PATTERN, (m) => `#${NAME_BY_BASE.get(base(m)) ?? ''};`);
}

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'emoji'; name: string; char: string }
  | { kind: 'link'; text: string; url: string };

/** `http(s)://…`, or a bare `www.host.tld…` (opened as https; issue 11, point 19). */
const LINK = /\bhttps?:\/\/[^\s<>"']+|(?<![\p{L}\p{N}@./:-])www\.[^\s<>"'.]+\.[^\s<>"']+/giu;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}'"»。，！？）]+$/u;

function linkify(text: string, out: MessagePart[]): void {
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const url = m[0].replace(TRAILING, '');
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'link', text: url, url: /^www\./iu.test(url) ? `https://${url}` : url });
    last = m.index + url.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
}

/** A text message's content split into plain runs, emoji and links. */
export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  for (const p of splitEmoji(content)) {
    if (p.kind === 'emoji') parts.push({ kind: 'emoji', name: p.name, char: CHAR_BY_NAME.get(p.name) ?? '' });
    else linkify(p.text, parts);
  }
  return parts;
}

/** Replace the selection [start, end) of `value` with `insert`; returns the new value and caret. */
export function insertAt(value: string, start: number, end: number, insert: string) {
  const a = Math.max(0, Math.min(start, value.length));
  const b = Math.max(a, Math.min(end, value.length));
  return { value: value.slice(0, a) + insert + value.slice(b), caret: a + insert.length };
}

/** A message may be sent when it has something besides white space. */
export const isBlank = (text: string): boolean => text.trim().length === 0;

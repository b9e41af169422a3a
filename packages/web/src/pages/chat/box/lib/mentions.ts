/**
 * @ mentions in the composer and in text bubbles (spec §3-§4): typing `@` opens the
 * picker, a pick writes `@name ` into the text and remembers who it was; at send,
 * only mentions whose `@name` is still in the text go out as atUserIds (-1 =
 * everyone).
 */
import { AT_ALL } from '@parley/protocol';

export interface Mention {
  userId: number;
  name: string;
}

/** Did this edit type a single `@` just before the caret? */
export function typedAt(before: string, after: string, caret: number): boolean {
  return after.length === before.length + 1 && caret > 0 && after[caret - 1] === '@';
}

/** Put `name ` after the `@` just before `caret`; returns the text and the caret after it. */
export function insertMention(text: string, caret: number, name: string): { value: string; caret: number } {
  const head = text[caret - 1] === '@' ? text.slice(0, caret) : `${text.slice(0, caret)}@`;
  const insert = `${name} `;
  return { value: head + insert + text.slice(caret), caret: head.length + insert.length };
}

/** The ids of the mentions still written in the text, each once; everyone when its label is there. */
export function atUserIdsOf(text: string, mentions: readonly Mention[]): number[] {
  const ids: number[] = [];
  for (const m of mentions) {
    if (!ids.includes(m.userId) && text.includes(`@${m.name}`)) ids.push(m.userId);
  }
  // Everyone first: the server and the receivers only look for -1.
  return ids.includes(AT_ALL) ? [AT_ALL, ...ids.filter((id) => id !== AT_ALL)] : ids;
}

export type MentionPart = { kind: 'text'; text: string } | { kind: 'at'; text: string };

/** Split plain text at the `@name` of each given name (longest first, so "@Ann Lee" beats "@Ann"). */
export function splitMentions(text: string, names: readonly string[]): MentionPart[] {
  const wanted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0 || !text.includes('@')) return [{ kind: 'text', text }];
  const escaped = wanted.map((n) => `@${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(escaped.join('|'), 'gu'))) {
    const at = match.index;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push({ kind: 'at', text: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * @ mentions in the composer and in text bubbles (spec §3-§4): typing `@` opens the
 * mention list, filtered by what follows it; a pick writes `@name ` into the text and
 * remembers who it was; at send, only mentions whose `@name` is still in the text go out
 * as atUserIds (-1 = everyone), and everyone's label is written as the language-neutral
 * AT_ALL_TEXT, shown again in each reader's language.
 */
import { AT_ALL } from '@parley/protocol';

export interface Mention {
  userId: number;
  name: string;
}

/** Longest query the list follows: a longer run after `@` is not a mention being typed. */
const QUERY_MAX = 32;
/**
 * An `@` that starts the text or follows anything but the name part of an e-mail
 * address ("bob@example"), so "你好@" opens the list as "hi @" does.
 */
const TYPED = new RegExp(`(?:^|[^A-Za-z0-9._%+-])@([^\\s@]{0,${QUERY_MAX}})$`, 'u');

/** The `@query` being typed just before the caret, or null. */
export function mentionAt(text: string, caret: number): { at: number; query: string } | null {
  const m = TYPED.exec(text.slice(0, caret));
  if (!m) return null;
  const query = m[1] ?? '';
  return { at: caret - query.length - 1, query };
}

/** Replace the typed `@query` (from `at` up to `caret`) with `@name `; returns the text and the caret after it. */
export function insertMention(text: string, at: number, caret: number, name: string): { value: string; caret: number } {
  const insert = `@${name} `;
  return { value: text.slice(0, at) + insert + text.slice(caret), caret: at + insert.length };
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

export { atAllFromWire, atAllToWire } from '../../../../chat/atAll';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type MentionPart = { kind: 'text'; text: string } | { kind: 'at'; text: string };

/** Split plain text at the `@name` of each given name (longest first, so "@Ann Lee" beats "@Ann"). */
export function splitMentions(text: string, names: readonly string[]): MentionPart[] {
  const wanted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0 || !text.includes('@')) return [{ kind: 'text', text }];
  const escaped = wanted.map((n) => `@${escapeRe(n)}`);
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

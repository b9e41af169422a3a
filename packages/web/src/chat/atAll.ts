/**
 * A mention of everyone travels as the language-neutral AT_ALL_TEXT (protocol) and is
 * shown in the reader's language, in the bubble and in the chat list's preview.
 */
import { AT_ALL, AT_ALL_TEXT } from '@parley/protocol';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `@label` not followed by more of a Latin name (so "@Allison" stays; CJK text may follow without a space). */
const labelPattern = (label: string) => new RegExp(`${escapeRe(label)}(?![A-Za-z0-9_])`, 'gu');

/** What the sender wrote as `@<everyone in their language>` goes on the wire as AT_ALL_TEXT. */
export function atAllToWire(text: string, atUserIds: readonly number[] | undefined, label: string): string {
  return atUserIds?.includes(AT_ALL) ? text.replace(labelPattern(`@${label}`), AT_ALL_TEXT) : text;
}

/** A received AT_ALL_TEXT shown in the reader's language, when the message mentions everyone. */
export function atAllFromWire(text: string, atUserIds: readonly number[] | undefined, label: string): string {
  return atUserIds?.includes(AT_ALL) ? text.replace(labelPattern(AT_ALL_TEXT), `@${label}`) : text;
}

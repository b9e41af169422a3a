/**
 * Last-content previews of the chat list (spec §4): media, calls and cards show
 * placeholder labels; text, recall and tip show their content (server tips
 * translated by key). Pure: the caller passes its translate function. User text
 * (names, group names, message text) comes back as user segments, shown isolated.
 */
import {
  AT_ALL,
  EMOJI,
  MessageStatus,
  MessageType,
  groupTip,
  groupTipSlots,
  splitEmoji,
  tipTextKey,
  type GroupTip,
} from '@parley/protocol';
import { isMissedCall } from '../calls/callRecordWords';
import { isolatedText, translateSegments, user, type Segment } from '../i18n/isolate';
import type { Translate } from '../i18n/timeText';
import { atAllFromWire } from './atAll';

/** What a chat remembers of its last message to build the preview. */
export interface LastMessage {
  type: number;
  content: string;
  status: number;
  selfSend: boolean;
  /** Group chats: the sender's name, shown before the content. */
  sendNickName?: string;
  /** Group tips: translated from it, so the preview follows the reader's language. */
  tip?: GroupTip;
  /** A group text that mentions everyone: its AT_ALL_TEXT is shown in the reader's language. */
  atAll?: true;
  /**
   * A REACTION preview: who reacted with what (chat/reactions.ts), to which message and by
   * whom, so a later notice without that reaction takes the preview back …
   */
  reaction?: { name: string; emoji: string; messageId?: number; userId?: number };
  /** … to which of my messages (its own preview). */
  reactedTo?: LastMessage;
}

const PLACEHOLDER: Partial<Record<number, string>> = {
  [MessageType.IMAGE]: 'chat.preview.image',
  [MessageType.VIDEO]: 'chat.preview.video',
  [MessageType.FILE]: 'chat.preview.file',
  [MessageType.AUDIO]: 'chat.preview.voice',
  [MessageType.CARD]: 'chat.preview.card',
  [MessageType.ACT_RT_VOICE]: 'chat.preview.voiceCall',
  [MessageType.ACT_RT_VIDEO]: 'chat.preview.videoCall',
};

const EMOJI_CHAR = new Map<string, string>(EMOJI.map(([name, char]) => [name, char]));

/** Text with `#name;` tokens shown as the emoji characters. */
export function emojiText(text: string): string {
  return splitEmoji(text)
    .map((part) => (part.kind === 'text' ? part.text : (EMOJI_CHAR.get(part.name) ?? `#${part.name};`)))
    .join('');
}

/** The notice that replaces a recalled message (and a chat's last content), the name isolated. */
export function recallSegments(selfSend: boolean, peerName: string, t: Translate): Segment[] {
  return selfSend ? [t('chat.recall.self')] : translateSegments(t, 'chat.recall.peer', { name: peerName });
}

export const recallNotice = (selfSend: boolean, peerName: string, t: Translate): string =>
  isolatedText(recallSegments(selfSend, peerName, t));

/** A group tip in the reader's language (`tips.group.<key>`); undefined when this client does not know it. */
function groupTipSegments(tip: unknown, t: Translate): Segment[] | undefined {
  const known = groupTip.safeParse(tip);
  if (!known.success) return undefined;
  const { key, params } = known.data;
  // Only the template's slots: a param can never act as an i18next option.
  const values = Object.fromEntries(groupTipSlots(key).map((slot) => [slot, params[slot]!]));
  return translateSegments(t, `tips.group.${key}`, values);
}

/**
 * A server tip in the reader's language: a group tip by its key and params (names and
 * group names as user segments), the private tip by its text (`tips.<key>`); anything
 * else (a newer server's own sentence) as sent.
 */
export function tipSegments(content: string, t: Translate, tip?: GroupTip, who?: TipSender): Segment[] {
  const translated = tip === undefined ? undefined : groupTipSegments(tip, t);
  if (translated !== undefined) return translated;
  const key = tipTextKey(content);
  // A private pin's tip names who pinned: its sender (docs/PROTOCOL.md "Pinned messages").
  if (key === 'messagePinned' && who) {
    return who.selfSend ? [t('pins.self')] : translateSegments(t, 'pins.peer', { name: who.name });
  }
  return [key ? t(`tips.${key}`) : content];
}

/** The sender of a private tip: me, or the peer by name. */
export interface TipSender {
  selfSend: boolean;
  name: string;
}

export const tipText = (content: string, t: Translate, tip?: GroupTip): string =>
  isolatedText(tipSegments(content, t, tip));

/** The chat list's last content as segments: placeholders and tips translated, what people wrote isolated. */
export function previewSegments(last: LastMessage | undefined, peerName: string, t: Translate): Segment[] {
  if (!last) return [];
  if (last.type === MessageType.REACTION && last.reaction) {
    // "Ana reacted 👍 to: <my message>": the name and the message are what people wrote.
    const { name, emoji } = last.reaction;
    // A message this device does not hold (older than its history) is "your message".
    if (!last.reactedTo) return translateSegments(t, 'chat.preview.reactedMine', { name, emoji });
    return [
      ...translateSegments(t, 'chat.preview.reacted', { name, emoji }),
      ...contentSegments(last.reactedTo, t, peerName),
    ];
  }
  if (last.type === MessageType.RECALL || last.status === MessageStatus.RECALL) {
    return recallSegments(last.selfSend, last.sendNickName ?? peerName, t);
  }
  const content = contentSegments(last, t, peerName);
  // Group previews name others' senders (spec §4); tips stand alone.
  if (last.sendNickName && !last.selfSend && last.type !== MessageType.TIP_TEXT) {
    return [user(last.sendNickName), ': ', ...content];
  }
  return content;
}

/** The preview as one string (notifications, console), user parts in FSI … PDI. */
export const previewText = (last: LastMessage | undefined, peerName: string, t: Translate): string =>
  isolatedText(previewSegments(last, peerName, t));

/** The last message is a call I missed (callee side): the chat list shows it in red (issue 22 point 3). */
export const lastIsMissedCall = (last: LastMessage | undefined): boolean =>
  last !== undefined && CALL_TYPES.has(last.type) && isMissedCall(last.content, last.selfSend);

const CALL_TYPES = new Set<number>([MessageType.ACT_RT_VOICE, MessageType.ACT_RT_VIDEO]);
const CAPTIONED = new Set<number>([MessageType.IMAGE, MessageType.VIDEO, MessageType.FILE]);

function captionIn(content: string): string {
  try {
    const c = (JSON.parse(content) as { caption?: unknown } | null)?.caption;
    return typeof c === 'string' ? c.trim() : '';
  } catch {
    return '';
  }
}

function contentSegments(last: LastMessage, t: Translate, peerName: string): Segment[] {
  if (lastIsMissedCall(last)) {
    return [
      t(last.type === MessageType.ACT_RT_VIDEO ? 'chat.preview.missedVideoCall' : 'chat.preview.missedVoiceCall'),
    ];
  }
  const placeholder = PLACEHOLDER[last.type];
  if (placeholder) {
    // A photo, video or file with a caption (issue 22 point 8): "[Photo] Sunset".
    const caption = CAPTIONED.has(last.type) ? captionIn(last.content) : '';
    return caption ? [t(placeholder), ' ', user(emojiText(caption).replace(/\s+/g, ' '))] : [t(placeholder)];
  }
  if (last.type === MessageType.TIP_TEXT) {
    return tipSegments(last.content, t, last.tip, { selfSend: last.selfSend, name: peerName });
  }
  if (last.type === MessageType.GROUP_ANNOUNCEMENT) {
    return [t('announcement.preview'), ' ', user(last.content.replace(/\s+/g, ' '))];
  }
  if (last.type === MessageType.TEXT) {
    const text = last.atAll ? atAllFromWire(last.content, [AT_ALL], t('group.atAll')) : last.content;
    return [user(emojiText(text).replace(/\s+/g, ' '))];
  }
  return [user(last.content)];
}

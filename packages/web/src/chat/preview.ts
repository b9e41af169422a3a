/**
 * Last-content previews of the chat list (spec §4): media, calls and cards show
 * placeholder labels; text, recall and tip show their content (server tip texts
 * translated by key). Pure: the caller passes its translate function.
 */
import { EMOJI, MessageStatus, MessageType, splitEmoji, tipTextKey } from '@parley/protocol';
import type { Translate } from '../i18n/timeText';

/** What a chat remembers of its last message to build the preview. */
export interface LastMessage {
  type: number;
  content: string;
  status: number;
  selfSend: boolean;
  /** Group chats: the sender's name, shown before the content. */
  sendNickName?: string;
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

/** The notice that replaces a recalled message (and a chat's last content). */
export function recallNotice(selfSend: boolean, peerName: string, t: Translate): string {
  return selfSend ? t('chat.recall.self') : t('chat.recall.peer', { name: peerName });
}

/** A server tip text translated when its key is known (`tips.<key>`), else as sent. */
export function tipText(content: string, t: Translate): string {
  const key = tipTextKey(content);
  return key ? t(`tips.${key}`) : content;
}

export function previewText(last: LastMessage | undefined, peerName: string, t: Translate): string {
  if (!last) return '';
  if (last.type === MessageType.RECALL || last.status === MessageStatus.RECALL) {
    return recallNotice(last.selfSend, last.sendNickName ?? peerName, t);
  }
  const text = contentText(last, t);
  // Group previews name others' senders (spec §4); tips stand alone.
  if (last.sendNickName && !last.selfSend && last.type !== MessageType.TIP_TEXT) return `${last.sendNickName}: ${text}`;
  return text;
}

function contentText(last: LastMessage, t: Translate): string {
  const placeholder = PLACEHOLDER[last.type];
  if (placeholder) return t(placeholder);
  if (last.type === MessageType.TIP_TEXT) return tipText(last.content, t);
  if (last.type === MessageType.TEXT) return emojiText(last.content).replace(/\s+/g, ' ');
  return last.content;
}

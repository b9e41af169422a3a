/**
 * Last-content previews of the chat list (spec §4): media, calls and cards show
 * placeholder labels; text, recall and tip show their content (server tips
 * translated by key). Pure: the caller passes its translate function.
 */
import {
  EMOJI,
  MessageStatus,
  MessageType,
  groupTip,
  groupTipSlots,
  splitEmoji,
  tipTextKey,
  type GroupTip,
} from '@parley/protocol';
import type { Translate } from '../i18n/timeText';

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

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, …, presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** Such a name is isolated (FSI … PDI): a list of Arabic names in an English tip keeps its order. */
const isolated = (name: string): string => (RTL_LETTER.test(name) ? `\u2068${name}\u2069` : name);

/** A group tip in the reader's language (`tips.group.<key>`); undefined when this client does not know it. */
function groupTipText(tip: unknown, t: Translate): string | undefined {
  const known = groupTip.safeParse(tip);
  if (!known.success) return undefined;
  const { key, params } = known.data;
  // Only the template's slots, under `replace`: a param can never act as an i18next option.
  const replace = Object.fromEntries(
    groupTipSlots(key).map((slot) => {
      const value = params[slot]!;
      return [slot, Array.isArray(value) ? value.map(isolated) : isolated(value)];
    }),
  );
  return t(`tips.group.${key}`, { replace });
}

/**
 * A server tip in the reader's language: a group tip by its key and params, the
 * private tip by its text (`tips.<key>`); anything else (a newer server's tip) as sent.
 */
export function tipText(content: string, t: Translate, tip?: GroupTip): string {
  const translated = tip === undefined ? undefined : groupTipText(tip, t);
  if (translated !== undefined) return translated;
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
  if (last.type === MessageType.TIP_TEXT) return tipText(last.content, t, last.tip);
  if (last.type === MessageType.TEXT) return emojiText(last.content).replace(/\s+/g, ' ');
  return last.content;
}

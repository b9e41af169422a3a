/**
 * Reading a message's content by type (wire-contract §6). Lenient on purpose: an
 * own send shows its local preview (blob: URLs, zero sizes) before the upload
 * answers, and a malformed message renders empty instead of breaking the list.
 */
import {
  Limits,
  MessageType,
  type AudioContent,
  type CardContent,
  type FileContent,
  type ImageContent,
  type VideoContent,
} from '@parley/protocol';
import { onForgetUser } from '../../../../app/forget';
import { tokensToDisplay } from './emojiText';
import { isolated, plainFileName } from './safeMedia';

type Json = Record<string, unknown>;

function object(content: string): Json | null {
  try {
    const v: unknown = JSON.parse(content);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

const str = (o: Json, k: string): string => (typeof o[k] === 'string' ? (o[k] as string) : '');
const num = (o: Json, k: string): number => {
  const v = o[k];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
};

const cache = new Map<string, unknown>();
// Parsed contents are the user's messages: a logout drops them with the rest.
onForgetUser(() => cache.clear());
/** Parsing is memoised by type and content: rows re-render while scrolling. */
function memo<T>(type: number, content: string, parse: (o: Json) => T | null): T | null {
  const key = `${type}\u0000${content}`;
  if (cache.has(key)) return cache.get(key) as T | null;
  const o = object(content);
  const value = o ? parse(o) : null;
  if (cache.size > 2000) cache.clear();
  cache.set(key, value);
  return value;
}

/** A media item's caption (issue 22 point 8), left out when absent or blank. */
const caption = (o: Json): { caption?: string } => (str(o, 'caption').trim() ? { caption: str(o, 'caption') } : {});

/** A voice message's bars, each clamped to 0..31; undefined when absent or malformed. */
function waveform(o: Json): { waveform?: number[] } {
  const w = o.waveform;
  if (!Array.isArray(w) || !w.length || w.length > Limits.WAVEFORM_BARS_MAX) return {};
  if (!w.every((v) => typeof v === 'number' && Number.isFinite(v))) return {};
  return { waveform: (w as number[]).map((v) => Math.min(Limits.WAVEFORM_LEVEL_MAX, Math.max(0, Math.round(v)))) };
}

export const parseImage = (c: string): ImageContent | null =>
  memo(MessageType.IMAGE, c, (o) => {
    const originUrl = str(o, 'originUrl');
    const thumbUrl = str(o, 'thumbUrl') || originUrl;
    return originUrl ? { originUrl, thumbUrl, width: num(o, 'width'), height: num(o, 'height'), ...caption(o) } : null;
  });

/** A file whose upload has not answered yet has an empty url. */
export const parseFile = (c: string): FileContent | null =>
  memo(MessageType.FILE, c, (o) =>
    str(o, 'name') ? { name: str(o, 'name'), size: num(o, 'size'), url: str(o, 'url'), ...caption(o) } : null,
  );

export const parseAudio = (c: string): AudioContent | null =>
  memo(MessageType.AUDIO, c, (o) =>
    str(o, 'url') ? { duration: num(o, 'duration'), url: str(o, 'url'), ...waveform(o) } : null,
  );

export const parseVideo = (c: string): VideoContent | null =>
  memo(MessageType.VIDEO, c, (o) =>
    str(o, 'videoUrl')
      ? {
          videoUrl: str(o, 'videoUrl'),
          coverUrl: str(o, 'coverUrl'),
          width: num(o, 'width'),
          height: num(o, 'height'),
          duration: num(o, 'duration'),
          ...caption(o),
        }
      : null,
  );

export const parseCard = (c: string): CardContent | null =>
  memo(MessageType.CARD, c, (o) =>
    str(o, 'title')
      ? { cover: str(o, 'cover'), title: str(o, 'title'), description: str(o, 'description'), link: str(o, 'link') }
      : null,
  );

/** Placeholder labels of non-text content (spec §4), shared with the chat list. */
export const KIND_LABEL_KEY: Record<number, string> = {
  [MessageType.IMAGE]: 'chat.preview.image',
  [MessageType.FILE]: 'chat.preview.file',
  [MessageType.AUDIO]: 'chat.preview.voice',
  [MessageType.VIDEO]: 'chat.preview.video',
  [MessageType.CARD]: 'chat.preview.card',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The caption inside an image, video or file (issue 22 point 8), as wire text; '' without one. */
export function captionOf(type: number, content: string): string {
  if (type === MessageType.IMAGE) return parseImage(content)?.caption ?? '';
  if (type === MessageType.VIDEO) return parseVideo(content)?.caption ?? '';
  if (type === MessageType.FILE) return parseFile(content)?.caption ?? '';
  return '';
}

/** One line describing a message: quote block, quote bar, menus. */
export function summaryText(type: number, content: string, t: Translate): string {
  if (type === MessageType.TEXT) return tokensToDisplay(content);
  const label = KIND_LABEL_KEY[type];
  if (!label) return content;
  // A caption stands for the item after its kind: "[Photo] Sunset".
  const caption = captionOf(type, content);
  const withCaption = (s: string) => (caption ? `${s} ${tokensToDisplay(caption)}` : s);
  if (type === MessageType.FILE) {
    const name = parseFile(content)?.name;
    return withCaption(name ? `${t(label)} ${isolated(plainFileName(name))}` : t(label));
  }
  if (type === MessageType.CARD) return `${t(label)} ${parseCard(content)?.title ?? ''}`.trim();
  return withCaption(t(label));
}

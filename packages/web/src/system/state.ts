/**
 * The system stream's state (spec §3 SystemMessage, wire-contract §6) and the pure
 * rules over it: notifications are kept by seqNo (a second copy is dropped), the read
 * position only moves forward, the unread count is what lies above it.
 */
import { MessageStatus, MessageType, type SystemMessage, type SystemTip } from '@parley/protocol';

/** Newest notifications kept on the device; the cursor still covers the dropped ones. */
export const SYSTEM_STORED_MAX = 500;

/** One notification as held (the frame without its per-user status: `readSeq` says that). */
export interface SystemItem {
  id: number;
  seqNo: number;
  title: string;
  coverUrl: string;
  intro: string;
  sendTime: number;
  tip?: SystemTip;
}

export interface SystemState {
  userId: number | null;
  /** Oldest first, by seqNo. */
  items: SystemItem[];
  /** Largest seqNo read (on any terminal). */
  readSeq: number;
  pinned: boolean;
  /** The entry was deleted from the chat list up to this seqNo; a newer notification brings it back. */
  hiddenSeq: number;
  /** When the system chat was opened in this session (not stored): it moves to the top like any chat. */
  openedAt: number;
}

export const EMPTY_SYSTEM: SystemState = {
  userId: null,
  items: [],
  readSeq: 0,
  pinned: false,
  hiddenSeq: 0,
  openedAt: 0,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A cmd 5 frame's data as a system notification, or null (USER_BANNED, READED and others are not). */
export function asSystemMessage(data: unknown): SystemMessage | null {
  if (!isObject(data) || data.type !== MessageType.SYSTEM_MESSAGE) return null;
  const { id, seqNo, title, intro, coverUrl, sendTime } = data;
  if (typeof id !== 'number' || typeof seqNo !== 'number' || !Number.isSafeInteger(seqNo) || seqNo < 1) return null;
  if (typeof title !== 'string' || typeof sendTime !== 'number') return null;
  return {
    ...(data as unknown as SystemMessage),
    intro: typeof intro === 'string' ? intro : '',
    coverUrl: typeof coverUrl === 'string' ? coverUrl : '',
  };
}

/** A READED frame's read position, or null. */
export function readPositionOf(data: unknown): number | null {
  if (!isObject(data) || data.type !== MessageType.READED || typeof data.content !== 'string') return null;
  if (!/^\d{1,16}$/.test(data.content)) return null;
  const n = Number(data.content);
  return Number.isSafeInteger(n) ? n : null;
}

export function toItem(m: SystemMessage): SystemItem {
  const item: SystemItem = {
    id: m.id,
    seqNo: m.seqNo,
    title: m.title,
    coverUrl: m.coverUrl,
    intro: m.intro,
    sendTime: m.sendTime,
  };
  if (m.tip) item.tip = m.tip;
  return item;
}

/**
 * Add notifications (pushed or pulled, any order): kept by seqNo, duplicates dropped,
 * the newest SYSTEM_STORED_MAX kept. A frame marked READED moves the read position.
 * Returns the same state when nothing changed, and the seqNos that were new.
 */
export function withMessages(
  s: SystemState,
  incoming: readonly SystemMessage[],
): { state: SystemState; added: number[] } {
  const held = new Set(s.items.map((i) => i.seqNo));
  const added: SystemItem[] = [];
  let readSeq = s.readSeq;
  for (const m of incoming) {
    if (m.status === MessageStatus.READED && m.seqNo > readSeq) readSeq = m.seqNo;
    if (held.has(m.seqNo)) continue;
    held.add(m.seqNo);
    added.push(toItem(m));
  }
  if (added.length === 0 && readSeq === s.readSeq) return { state: s, added: [] };
  let items = s.items;
  if (added.length > 0) {
    items = [...s.items, ...added].sort((a, b) => a.seqNo - b.seqNo);
    if (items.length > SYSTEM_STORED_MAX) items = items.slice(-SYSTEM_STORED_MAX);
  }
  return { state: { ...s, items, readSeq }, added: added.map((i) => i.seqNo) };
}

/** The read position moves forward only. */
export function withRead(s: SystemState, seq: number): SystemState {
  return seq > s.readSeq ? { ...s, readSeq: seq } : s;
}

export const maxSeqOf = (s: SystemState): number => s.items.at(-1)?.seqNo ?? 0;

export function unreadOf(s: SystemState): number {
  let n = 0;
  for (let i = s.items.length - 1; i >= 0 && s.items[i]!.seqNo > s.readSeq; i--) n++;
  return n;
}

/** Whether the entry shows in the chat list: something held, and not deleted since the last one. */
export const isListed = (s: SystemState): boolean => maxSeqOf(s) > s.hiddenSeq;

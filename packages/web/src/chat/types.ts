/**
 * The chat layer's contract between the data side (store, sync, send pipeline:
 * src/chat/*) and the screens (chat list, chat box). Shapes follow spec §3
 * (Chat entry, Message) with the wire fields of wire-contract §6.
 */
import type { CardContent, ChatType, GroupTip, LinkPreview, QuoteMessage, ReactionSummary } from '@parley/protocol';
import type { Segment } from '../i18n/isolate';

/** Where a message is in its life on this device (spec §3 loadStatus). */
export type LoadStatus = 'ok' | 'sending' | 'fail' | 'queued';

export interface ChatMessage {
  /** Server id; absent until the server stored it. */
  id?: number;
  /** Client id of a send (also the list key before `id` exists). */
  tmpId?: string;
  type: number;
  content: string;
  sendId: number;
  recvId?: number;
  groupId?: number;
  sendNickName?: string;
  sendTime: number;
  /** MessageStatus: UNSEND 0, SENDED 1, RECALL 2, READED 3. */
  status: number;
  /** Derived: sendId equals the current user. */
  selfSend: boolean;
  loadStatus: LoadStatus;
  /** 0-1 while an attachment uploads. */
  progress?: number;
  quoteMessage?: QuoteMessage;
  atUserIds?: number[];
  receipt?: boolean;
  receiptOk?: boolean;
  readedCount?: number;
  /** Group tips: key and params, kept (also in IndexedDB) so the tip shows in the reader's language. */
  tip?: GroupTip;
  /** The sender forwarded it (shown as "Forwarded"). */
  forwarded?: boolean;
  /** The sender edited it: the time of the last edit (EDIT messages, chat/edits.ts). */
  editTime?: number;
  /** A text's link preview as the server attached it (an own send shows the composer's until stored). */
  linkPreview?: LinkPreview;
  /** Its reactions as of `reactTime` (REACTION messages, chat/reactions.ts); absent: none. */
  reactions?: ReactionSummary;
  /** Time of the reaction summary it shows: a REACTION notice applies only if newer. */
  reactTime?: number;
  /** My reaction, when known (a chip names at most 20 reactors; my own reply tells me mine). */
  myReaction?: string | null;
  /**
   * A received voice message played on this device (issue 22 point 8): its unplayed dot goes.
   * Kept with the message in IndexedDB, not synced (another device keeps its own dot).
   */
  played?: true;
}

/** Stable key of a message in a list: `id:<id>` once stored, else `tmp:<tmpId>`. */
export const messageKey = (m: Pick<ChatMessage, 'id' | 'tmpId'>): string =>
  m.id !== undefined ? `id:${m.id}` : `tmp:${m.tmpId ?? ''}`;

/** A chat list entry (spec §3 Chat entry), without its messages. */
export interface ChatSummary {
  type: ChatType;
  targetId: number;
  showName: string;
  headImage: string;
  /** Preview text already localised (placeholder labels for media, spec §4). */
  lastContent: string;
  /** The same as segments: what people wrote (names, text) is shown isolated (i18n/isolate.ts). */
  lastParts?: Segment[];
  lastSendTime: number;
  /** When it was opened in this session: opening moves a chat to the top (spec §4). */
  openedAt?: number;
  unreadCount: number;
  atMe: boolean;
  atAll: boolean;
  sendNickName?: string;
  pinned: boolean;
  /** Unsent text of the composer, kept per chat. */
  draft: string;
  /** Do-not-disturb on the friend or group: grey count, muted mark, not in the total. */
  muted?: boolean;
  /** The newest message is my send that failed (a failure mark before the preview). */
  lastFailed?: boolean;
  /** The last message is a call I missed: its preview is red. */
  missedCall?: boolean;
}

export const chatKey = (c: Pick<ChatSummary, 'type' | 'targetId'>): string => `${c.type}-${c.targetId}`;

/** What the chat list screen reads. */
export interface ChatListState {
  chats: ChatSummary[];
  /** Connection and offline pull progress: shown as "initializing" / "receiving" (spec §4). */
  phase: 'idle' | 'initializing' | 'receiving' | 'ready';
}

/** What the chat box reads for one chat. */
export interface ChatView {
  /** Oldest first; includes TIP_TIME (20) entries inserted by the store. */
  messages: ChatMessage[];
  /** Older messages exist on the server or in the local store. */
  hasMore: boolean;
  loadingOlder: boolean;
  /** Key of the first unread message when the chat was opened, to jump to. */
  firstUnreadKey?: string;
  /** Largest own message id the peer has read (private chats); ticks derive from it. */
  maxReadId: number;
}

/**
 * What the composer sends as a media message. `caption` (the first item of a preview's
 * batch) travels inside the item's content; `waveform` is a voice message's bars (0..31).
 */
export type Attachment =
  | { kind: 'image'; file: File; caption?: string }
  | { kind: 'video'; file: File; caption?: string }
  | { kind: 'file'; file: File; caption?: string }
  | { kind: 'voice'; blob: Blob; durationSec: number; waveform?: number[] };

export interface SendOptions {
  quoteMessageId?: number;
  /** Group chats: members mentioned (-1 = everyone, owner and admins only). */
  atUserIds?: number[];
  /** Group chats: a receipt message (members' reads are counted). */
  receipt?: boolean;
  /** A copy made by the forward action (the server stores the flag). */
  forwarded?: boolean;
  /** Texts: the preview shown in the composer; the send names its URL, the server attaches its own copy. */
  linkPreview?: LinkPreview;
}

/** The actions a screen may take; implemented by the chat engine (engine.ts). */
export interface ChatActions {
  /** Opening moves the chat to the top or creates it (spec §4), and marks it read. */
  openChat(type: ChatType, targetId: number): Promise<void>;
  /** Leaving the chat box: stop marking incoming messages read. */
  closeChat(type: ChatType, targetId: number): void;
  sendText(type: ChatType, targetId: number, text: string, opts?: SendOptions): Promise<void>;
  sendAttachment(type: ChatType, targetId: number, attachment: Attachment, opts?: SendOptions): Promise<void>;
  /** A received voice message was played here: its unplayed dot goes (kept on this device). */
  markPlayed(type: ChatType, targetId: number, key: string): Promise<void>;
  /** Several at once (the preview sheet): sent in this order; `opts` go with the first. */
  sendAttachments(type: ChatType, targetId: number, list: Attachment[], opts?: SendOptions): Promise<void>;
  sendCard(type: ChatType, targetId: number, card: CardContent, opts?: SendOptions): Promise<void>;
  /** Send a copy of a stored message to each target (forward). */
  forward(message: ChatMessage, targets: { type: ChatType; targetId: number }[]): Promise<void>;
  /** Manual retry of a failed send (failed files are never resent automatically). */
  retry(type: ChatType, targetId: number, key: string): Promise<void>;
  recall(type: ChatType, targetId: number, messageId: number): Promise<void>;
  /**
   * Edit my stored TEXT or CARD message to `content` (wire form); group edits name the
   * mentions of the new text. Rejects when refused (the request wrapper showed why).
   */
  edit(type: ChatType, targetId: number, messageId: number, content: string, atUserIds?: number[]): Promise<void>;
  /** Sets, switches or (null) takes off my reaction; the reply shows at once (chat/reactions.ts). */
  react(type: ChatType, targetId: number, messageId: number, emoji: string | null): Promise<void>;
  /** Delete for me: local only. */
  deleteMessage(type: ChatType, targetId: number, key: string): Promise<void>;
  loadOlder(type: ChatType, targetId: number): Promise<void>;
  setDraft(type: ChatType, targetId: number, draft: string): void;
  /** Pins the chat on every terminal (a friend's or group's chat: `PUT /friend/top`, `/group/top`). */
  pinChat(type: ChatType, targetId: number, pinned: boolean): Promise<void>;
  removeChat(type: ChatType, targetId: number): Promise<void>;
  /** Removes the chat's messages from this device only; the chat stays (chatList.ts). */
  clearHistory(type: ChatType, targetId: number): Promise<void>;
}

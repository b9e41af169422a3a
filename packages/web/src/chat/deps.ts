/**
 * What the chat engine is given (REST calls, uploads, persistence, friends,
 * clock, page visibility, timers): index.ts passes the browser's, tests pass fakes.
 */
import type {
  GroupMessage,
  GroupSendRequest,
  ImageUploadResult,
  PrivateMessage,
  PrivateSendRequest,
  ReactReply,
  VideoUploadResult,
} from '@parley/protocol';
import type { Translate } from '../i18n/timeText';
import type { ChatPersistence } from './persistence';
import type { ChatRecord } from './state';
import type { ChatMessage } from './types';

export interface ChatApi {
  send(req: PrivateSendRequest): Promise<PrivateMessage>;
  recall(id: number): Promise<PrivateMessage>;
  /** Replies the stored EDIT (13) message. */
  edit(id: number, content: string): Promise<PrivateMessage>;
  /** Sets, switches or (null) takes off my reaction. */
  react(id: number, emoji: string | null): Promise<ReactReply>;
  pullOffline(minId: number): Promise<unknown>;
  readed(friendId: number): Promise<unknown>;
  maxReadedId(friendId: number): Promise<number>;
  /** Newest first, 1-based pages. */
  history(friendId: number, page: number, size: number): Promise<PrivateMessage[]>;
}

/** The group message calls (wire-contract §6). */
export interface GroupChatApi {
  send(req: GroupSendRequest): Promise<GroupMessage>;
  recall(id: number): Promise<GroupMessage>;
  /** Replies the stored EDIT (13) message; `atUserIds`: the mentions of the new text. */
  edit(id: number, content: string, atUserIds: number[]): Promise<GroupMessage>;
  react(id: number, emoji: string | null): Promise<ReactReply>;
  pullOffline(minId: number): Promise<unknown>;
  /** I read the group up to messageId. */
  readed(groupId: number, messageId: number): Promise<unknown>;
  /** Newest first, 1-based pages. */
  history(groupId: number, page: number, size: number): Promise<GroupMessage[]>;
}

export type Progress = (fraction: number) => void;
export interface Uploader {
  image(file: File, onProgress: Progress): Promise<ImageUploadResult>;
  /** Returns the file's URL. */
  file(blob: Blob, name: string, onProgress: Progress): Promise<string>;
  video(file: File, onProgress: Progress): Promise<VideoUploadResult>;
  /** A URL showing a local file while it uploads. */
  localUrl(blob: Blob): string;
}

export interface Peer {
  showName: string;
  headImage: string;
  isDnd: boolean;
  /** Groups: the newest message id the server says I read there (the group list's readedMaxId). */
  readedMaxId?: number;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Where PIN (15) notices and recalls go (chat/pins.ts); absent in tests that do not look. */
export interface PinSink {
  notice(key: string, content: string): void;
  recall(key: string, id: number): void;
}

export interface ChatEngineDeps {
  pins?: PinSink;
  api: ChatApi;
  groupApi: GroupChatApi;
  upload: Uploader;
  persistence: ChatPersistence;
  /** A friend's display data, if known. */
  peer(userId: number): Peer | undefined;
  /** Look up someone who is not (or no longer) a friend. */
  lookupUser(userId: number): Promise<{ showName: string; headImage: string } | undefined>;
  /** A group's display data from the group list, if known. */
  group(groupId: number): Peer | undefined;
  /** Look up a group missing from the list. */
  lookupGroup(groupId: number): Promise<{ showName: string; headImage: string } | undefined>;
  t: Translate;
  now(): number;
  newTmpId(): string;
  /** Page visible (document.visibilityState). */
  isVisible(): boolean;
  /** A new message arrived from someone else while the page is hidden. */
  notify(chat: ChatRecord, message: ChatMessage): void;
  toast(text: string): void;
  timers: Timers;
  saveDelayMs?: number;
}

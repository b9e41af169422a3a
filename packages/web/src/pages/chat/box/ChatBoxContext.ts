/** What every message row needs from the chat box, without passing it through the list. */
import { createContext, useContext } from 'react';
import type { ChatType, Group, GroupMember } from '@parley/protocol';
import type { ChatMessage } from '../../../chat/types';

export interface Person {
  name: string;
  avatar: string;
}

export interface ChatBoxApi {
  type: ChatType;
  targetId: number;
  selfId: number;
  self: Person;
  /** The friend, or the group itself in a group chat. */
  peer: Person;
  /** Group chats: the group (role, mutes) and its members by user id. */
  group?: Group;
  members?: ReadonlyMap<number, GroupMember>;
  /** Members still in the group (receipt numbers), once the member list is loaded. */
  active?: readonly GroupMember[];
  /** How many members the group has (before the member list is loaded). */
  memberCount?: number;
  /** Who sent a message: me, the friend, or a group member (their display nickname, else the name sent with it). */
  personOf(userId: number, sentName?: string): Person;
  /** Group chats: the read / unread list of my receipt message. */
  openReaders(message: ChatMessage): void;
  /** Open the per-message menu at a screen point. */
  /** The message menu at a point; `reactOnly`: just the quick reactions (the desktop react button). */
  openMenu(message: ChatMessage, x: number, y: number, reactOnly?: boolean): void;
  /** Who reacted to a message (a chip: with its emoji; the chips' long press, the menu's item: everyone). */
  showReactors(message: ChatMessage, emoji?: string): void;
  /** Sets, switches or (null) takes off my reaction. */
  react(message: ChatMessage, emoji: string | null): void;
  /** Scroll to the message with this server id, or toast that it cannot be found. */
  jumpToId(id: number): void;
  openImage(src: string, placeholder: string): void;
  openVideo(src: string): void;
  /** Put recalled text back in the composer. */
  reedit(text: string): void;
}

export const ChatBoxContext = createContext<ChatBoxApi | null>(null);

export function useChatBox(): ChatBoxApi {
  const api = useContext(ChatBoxContext);
  if (!api) throw new Error('useChatBox outside the chat box');
  return api;
}

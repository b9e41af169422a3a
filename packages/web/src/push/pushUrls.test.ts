/**
 * The routes a notification opens (protocol push.ts, built by the server) are the app's
 * own routes, and their queries parse as the call pages read them (docs/CALLS.md §2.5).
 */
import { describe, expect, it } from 'vitest';
import {
  ChatType,
  chatPushUrl,
  friendRequestPushUrl,
  groupCallPushUrl,
  groupCallPageQuery,
  privateCallPageQuery,
  privateCallPushUrl,
} from '@parley/protocol';
import { Paths, chatBoxPath } from '../routes/paths';

const split = (url: string) => {
  expect(url.startsWith('/#/')).toBe(true);
  const [path, query = ''] = url.slice(2).split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(query)) };
};

describe('push targets', () => {
  it('a private ring opens the call page as the callee of that caller', () => {
    const { path, query } = split(privateCallPushUrl('video', 42));
    expect(path).toBe(Paths.chatPrivateVideo);
    const parsed = privateCallPageQuery.parse(query);
    expect([parsed.mode, parsed.friend.id, parsed.isHost]).toEqual(['video', 42, false]);
  });

  it('a group ring opens the group call page as an invitee (the page reads the call)', () => {
    const { path, query } = split(groupCallPushUrl(7, 3));
    expect(path).toBe(Paths.chatGroupVideo);
    expect(groupCallPageQuery.parse(query)).toEqual({ groupId: 7, isHost: false, inviterId: 3, userInfos: [] });
  });

  it('messages and missed calls open the chat', () => {
    expect(chatPushUrl(ChatType.PRIVATE, 5)).toBe(`/#${chatBoxPath(ChatType.PRIVATE, 5)}`);
    expect(chatPushUrl(ChatType.GROUP, 9)).toBe(`/#${chatBoxPath(ChatType.GROUP, 9)}`);
    expect(chatPushUrl(ChatType.SYSTEM, 0)).toBe(`/#${Paths.chatSystem}`);
  });

  it('a friend request opens New friends', () => {
    expect(friendRequestPushUrl()).toBe(`/#${Paths.friendRequests}`);
  });
});

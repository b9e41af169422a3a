/** The service worker's words for a push: a friend request is worded with the requester's name, its greeting below. */
import { describe, expect, it } from 'vitest';
import {
  ChatType,
  MessageType,
  PUSH_STRINGS_EN,
  PushKind,
  friendRequestPushUrl,
  type PushPayload,
} from '@parley/protocol';
import { notificationTag, notificationText } from './notificationText';

const payload = (over: Partial<PushPayload>): PushPayload => ({
  kind: PushKind.MESSAGE,
  chatType: ChatType.PRIVATE,
  chatId: 7,
  title: 'Alice',
  body: 'hi',
  type: MessageType.TEXT,
  url: '/#/',
  time: 1,
  ...over,
});

describe('notification words', () => {
  const request = payload({
    kind: PushKind.FRIEND_REQUEST,
    type: MessageType.FRIEND_REQUEST,
    body: "I'm Alice from the climbing club",
    url: friendRequestPushUrl(),
  });

  it('a friend request: "<nickname> wants to add you as a friend", the greeting as body', () => {
    expect(notificationText(request, PUSH_STRINGS_EN)).toEqual({
      title: 'Alice wants to add you as a friend',
      body: "I'm Alice from the climbing club",
    });
    const zh = { ...PUSH_STRINGS_EN, friendRequest: '{{name}} 请求添加你为朋友' };
    expect(notificationText({ ...request, body: '' }, zh)).toEqual({ title: 'Alice 请求添加你为朋友', body: '' });
    // Words saved before friend requests had none: English.
    const { friendRequest: _, ...old } = PUSH_STRINGS_EN;
    expect(notificationText(request, old).title).toBe('Alice wants to add you as a friend');
  });

  it('a friend request has its own tag per requester; a message from them keeps the chat tag', () => {
    expect(notificationTag(request)).toBe('REQUEST-7');
    expect(notificationTag(payload({}))).toBe('PRIVATE-7');
    expect(notificationText(payload({}), PUSH_STRINGS_EN)).toEqual({ title: 'Alice', body: 'hi' });
  });

  it("a photo with a caption: the kind's word, then the caption; without one, the word alone", () => {
    const photo = payload({ type: MessageType.IMAGE, body: 'Two sunsets' });
    expect(notificationText(photo, PUSH_STRINGS_EN)).toEqual({ title: 'Alice', body: '[Image] Two sunsets' });
    expect(notificationText({ ...photo, body: '' }, PUSH_STRINGS_EN)).toEqual({ title: 'Alice', body: '[Image]' });
  });
});

import { describe, expect, it } from 'vitest';
import { Links, Paths, chatBoxPath } from '../../routes/paths';
import { forcedListTab, homeListTab, isCallPage, isSameTarget, nextListTab, paneKey } from './paneRoutes';

describe('two-pane routes', () => {
  it('shows the chat list beside a conversation, whatever list was open', () => {
    expect(nextListTab('friend', Paths.chatBox)).toBe('chat');
    expect(nextListTab('mine', Paths.chatSystem)).toBe('chat');
    expect(forcedListTab(Paths.root)).toBe('chat');
  });
  it('keeps the list a sub-page was opened from', () => {
    expect(nextListTab('chat', Paths.userInfo)).toBe('chat');
    expect(nextListTab('friend', Paths.userInfo)).toBe('friend');
    expect(nextListTab('chat', Paths.friend)).toBe('friend');
  });
  it('keeps the list on back, unless back lands on a tab', () => {
    expect(nextListTab('mine', Paths.chatBox, true)).toBe('mine');
    expect(nextListTab('mine', Paths.chat, true)).toBe('chat');
  });
  it('picks the list of a page opened from a link', () => {
    expect(homeListTab(Paths.userInfo)).toBe('friend');
    expect(homeListTab(Paths.groupMember)).toBe('friend');
    expect(homeListTab(Paths.discoverExternalLink)).toBe('discover');
    expect(homeListTab(Paths.mineFavourites)).toBe('mine');
    expect(homeListTab(Paths.consoleUsers)).toBe('mine');
    expect(homeListTab(Paths.chatBox)).toBe('chat');
  });
  it('matches a link against the location by path and its query values', () => {
    const link = chatBoxPath('PRIVATE', 7);
    expect(isSameTarget(link, Paths.chatBox, '?type=PRIVATE&targetId=7')).toBe(true);
    expect(isSameTarget(link, Paths.chatBox, '?targetId=7&type=PRIVATE&x=1')).toBe(true);
    expect(isSameTarget(link, Paths.chatBox, '?type=GROUP&targetId=7')).toBe(false);
    expect(isSameTarget(link, Paths.userInfo, '?type=PRIVATE&targetId=7')).toBe(false);
    expect(isSameTarget(Links.userInfo(3), Paths.userInfo, '?id=3')).toBe(true);
    expect(isSameTarget(Paths.chatSystem, Paths.chatSystem, '')).toBe(true);
  });
  it('remounts the pane per page but keeps the console frame', () => {
    expect(paneKey(Paths.chatBox, '?a=1')).not.toBe(paneKey(Paths.chatBox, '?a=2'));
    expect(paneKey(Paths.consoleUsers, '')).toBe(paneKey(Paths.consoleAudit, ''));
  });
  it('covers both panes with a call', () => {
    expect(isCallPage(Paths.chatPrivateVideo)).toBe(true);
    expect(isCallPage(Paths.chatGroupVideo)).toBe(true);
    expect(isCallPage(Paths.chatBox)).toBe(false);
  });
});

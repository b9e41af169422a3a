/**
 * Group calls and the call pages' toggles, two parts on one server.
 *
 * Group calls (issue 9, docs/CALLS.md §8.5-8.6): Alice starts a call in the group chat
 * from the "+" panel and picks Bob, Carol and Eve. Eve is offline: a toast says so and
 * she gets no tile. Bob and Carol ring from wherever they are and accept, and every
 * pair's connection shows inbound audio bytes growing (full mesh). Carol quits (her
 * tile goes on the others' pages); Dave, who was not called, sees the join banner in
 * the group chat and joins late, and the mesh connects him to everyone; Alice ends the
 * call for everyone and every page closes with "call ended". The group chat shows the
 * call tips.
 *
 * The call pages' toggle buttons (issue 20 point 15): mute, speaker and camera each keep one
 * name and say with aria-pressed whether that thing is on, in the private and the group call
 * page. Each press is checked against what the page really does: the local microphone and
 * camera tracks (the muted local preview) and the remote media element's volume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  Routes,
  en,
  expectToast,
  launchBrowser,
  openRoute,
  openTab,
  screenshot,
  startServer,
  text,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { openChatFromList } from '../support/chat-box.js';
import { apiCreateGroup, expectTip, openGroupByRoute } from '../support/group.js';
import {
  expectCallClosed,
  expectCallPhase,
  expectMeshFlowing,
  expectTiles,
  recordPeerConnections,
} from '../support/call.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A part's people (their browser contexts) go when the part ends. */
const closePeople = () => closeContexts(browser);

interface Media {
  mic: boolean;
  camera: boolean;
  /** Every remote media element plays (volume above 0); null before one is there. */
  speaker: boolean | null;
}

/** What the call page really does: local tracks from the muted preview, remote volume from the others. */
function media(page: Page): Promise<Media> {
  return page.evaluate(() => {
    const els = Array.from(document.querySelectorAll<HTMLMediaElement>('video, audio')).filter(
      (e) => e.srcObject instanceof MediaStream,
    );
    const local = els.find((e) => e.muted)?.srcObject as MediaStream | undefined;
    const remote = els.filter((e) => !e.muted);
    return {
      mic: local?.getAudioTracks().some((t) => t.enabled) ?? false,
      camera: local?.getVideoTracks().some((t) => t.enabled && t.readyState === 'live') ?? false,
      speaker: remote.length ? remote.every((e) => e.volume > 0) : null,
    };
  });
}

type Toggle = 'mute' | 'speaker' | 'camera';
const TEST_ID: Record<Toggle, string> = {
  mute: 'call-mute',
  speaker: 'call-speaker-toggle',
  camera: 'call-camera',
};
const NAME_KEY: Record<Toggle, string> = { mute: 'call.mute', speaker: 'call.speaker', camera: 'call.camera' };
/** Whether the thing the toggle names is on. */
const isOn = (t: Toggle, m: Media): boolean | null => (t === 'mute' ? !m.mic : t === 'camera' ? m.camera : m.speaker);

/** The toggle has its one name, and aria-pressed agrees with what the page does, in both states. */
async function checkToggle(page: Page, locale: string, toggle: Toggle): Promise<void> {
  const name = text(locale, NAME_KEY[toggle]);
  const button = page.getByTestId(TEST_ID[toggle]);
  const agree = async () => {
    const on = isOn(toggle, await media(page));
    expect(on, `${toggle}: the page's state`).not.toBeNull();
    // Role, name and state as the accessibility tree gives them to a screen reader.
    const match = page.getByRole('button', { name, exact: true, pressed: on === true });
    await expect.poll(() => match.count(), { timeout: WAIT_MS }).toBe(1);
    expect(await match.getAttribute('data-testid')).toBe(TEST_ID[toggle]);
    return on;
  };
  const before = await agree();
  await button.click();
  await expect.poll(async () => isOn(toggle, await media(page)), { timeout: WAIT_MS }).toBe(!before);
  await agree();
  await button.click();
  await expect.poll(async () => isOn(toggle, await media(page)), { timeout: WAIT_MS }).toBe(before);
  await agree();
}

async function setLocale(server: RunningServer, p: Person, locale: string): Promise<void> {
  await p.page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await openRoute(p.page, server, Routes.chat);
  await p.page.reload();
  await p.page.getByTestId('tab-page-chat').waitFor();
}

describe('group calls (390×844)', () => {
  let a: Person;
  let b: Person;
  let c: Person;
  let d: Person;
  let eve: Member;
  let groupId: number;

  beforeAll(async () => {
    const alice = await createMember(server, 'galice', 'Alice Group');
    const others = await Promise.all([
      createMember(server, 'gbob', 'Bob Group'),
      createMember(server, 'gcarol', 'Carol Group'),
      createMember(server, 'gdave', 'Dave Group'),
      createMember(server, 'geve', 'Eve Group'), // never opens the app: offline
    ]);
    for (const o of others) await befriend(server, alice, o);
    groupId = (await apiCreateGroup(server, alice, 'Call crew', others)).id;
    eve = others[3]!;
    const people = await Promise.all([alice, ...others.slice(0, 3)].map((m) => signIn(browser, server, m)));
    [a, b, c, d] = people as [Person, Person, Person, Person];
    for (const p of [a, b, c, d]) await recordPeerConnections(p.page);
  });
  afterAll(closePeople);

  const inCall = (p: Person) => expectCallPhase(p.page, 'inCall');
  const pick = (page: Page, userId: number) => page.getByTestId(`group-call-picker-member-${userId}`).click();

  it('holds a three-person call, loses one, takes a late joiner and ends for everyone', async () => {
    await openGroupByRoute(a.page, server, groupId);
    await openGroupByRoute(d.page, server, groupId);
    await openTab(b.page, 'friend'); // rung from another tab of the app
    await a.page.getByTestId('composer-plus').click();
    await a.page.getByTestId('composer-voice-call').click();
    // The member picker: me fixed, Bob and Carol picked.
    await a.page.getByTestId('group-call-picker').waitFor({ timeout: WAIT_MS });
    expect(await a.page.getByTestId(`group-call-picker-member-${a.id}`).locator('input').isDisabled()).toBe(true);
    await pick(a.page, b.id);
    await pick(a.page, c.id);
    await pick(a.page, eve.id);
    await a.page.getByTestId('group-call-picker-confirm').click();

    await inCall(a);
    // Eve is offline: the server says so (203) and her tile goes with a toast.
    await expectToast(
      a.page,
      // Her name is isolated (FSI … PDI) inside the sentence.
      en('call.group.couldNotJoin', { names: `\u2068${eve.nickName}\u2069`, reason: en('call.group.reason.offline') }),
    );
    await expectTiles(a.page, [a.id, b.id, c.id]);
    await a.page.getByTestId(`group-tile-state-${b.id}`).waitFor();
    for (const p of [b, c]) {
      await expectCallPhase(p.page, 'incoming');
      expect((await p.page.getByTestId('call-peer-name').innerText()).trim()).toBe(a.nickName);
      // The ring names the group it is for (issue 22 point 4).
      expect((await p.page.getByTestId('call-group-name').innerText()).trim()).toBe('Call crew');
      expect((await p.page.getByTestId('call-status').innerText()).trim()).toBe(en('call.group.incoming'));
    }
    await screenshot(b.page, 'call-group-ringing');
    await b.page.getByTestId('call-accept').click();
    await c.page.getByTestId('call-accept').click();
    for (const p of [a, b, c]) await inCall(p);
    await Promise.all([
      expectMeshFlowing(a.page, 'Alice', 2),
      expectMeshFlowing(b.page, 'Bob', 2),
      expectMeshFlowing(c.page, 'Carol', 2),
    ]);
    for (const p of [a, b, c]) await expectTiles(p.page, [a.id, b.id, c.id]);
    expect(await a.page.getByTestId('group-grid').getAttribute('data-columns')).toBe('2');
    await screenshot(a.page, 'call-group-grid-3');

    // Dave was not called: his group chat shows the banner (driven by the callStarted tip).
    await d.page.getByTestId('group-call-banner').waitFor({ timeout: WAIT_MS });
    await expectTip(d.page, en('tips.group.callStarted', { name: a.nickName }));

    // Carol quits: her tile goes everywhere, and her page closes.
    await c.page.getByTestId('call-hangup').click();
    await expectCallClosed(c.page);
    await expectTiles(a.page, [a.id, b.id]);
    await expectTiles(b.page, [a.id, b.id]);

    // Dave joins late from the banner's prompt; everyone joined offers to him.
    await d.page.getByTestId('group-call-banner').click();
    await d.page.getByTestId('group-call-join-prompt').waitFor({ timeout: WAIT_MS });
    await screenshot(d.page, 'call-group-join-prompt');
    await d.page.getByTestId('group-call-join-prompt-confirm').click();
    await inCall(d);
    for (const p of [a, b, d]) await expectTiles(p.page, [a.id, b.id, d.id]);
    await Promise.all([
      expectMeshFlowing(a.page, 'Alice', 2),
      expectMeshFlowing(b.page, 'Bob', 2),
      expectMeshFlowing(d.page, 'Dave', 2),
    ]);

    // Alice ends it for everyone.
    await a.page.getByTestId('call-end-all').click();
    await Promise.all([expectToast(b.page, en('errors.callEnded')), expectToast(d.page, en('errors.callEnded'))]);
    for (const p of [a, b, d]) await expectCallClosed(p.page);
    await expectTip(d.page, en('tips.group.callEnded'));
    await d.page.getByTestId('group-call-banner').waitFor({ state: 'detached', timeout: WAIT_MS });
    await expectTip(a.page, en('tips.group.callEnded'));
    for (const p of [a, b, c, d]) expect(p.errors, `${p.nickName}: page errors`).toEqual([]);
  });
});

describe('call toggles (390×844)', () => {
  let a: Person;
  let b: Person;
  let groupId: number;

  beforeAll(async () => {
    const alice = await createMember(server, 'talice', 'Alice Toggle');
    const bob = await createMember(server, 'tbob', 'Bob Toggle');
    await befriend(server, alice, bob);
    groupId = (await apiCreateGroup(server, alice, 'Toggle crew', [bob])).id;
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
  });
  afterAll(closePeople);

  // One private call in ar-SA (right to left, names not in Latin script) and the group call in
  // en-US: each call costs seconds of media setup, and the names come from the same keys.
  it.each(['ar-SA'])('private video call in %s: mute, speaker and camera say their state', async (locale) => {
    await setLocale(server, a, locale);
    await openTab(a.page, 'chat');
    await openChatFromList(a.page, b.id);
    await a.page.getByTestId('composer-plus').click();
    await a.page.getByTestId('composer-video-call').click();
    await expectCallPhase(b.page, 'incoming');
    await b.page.getByTestId('call-accept').click();
    await expectCallPhase(a.page, 'connected');
    await expect.poll(async () => (await media(a.page)).speaker, { timeout: WAIT_MS }).toBe(true);
    for (const toggle of ['mute', 'speaker', 'camera'] as const) await checkToggle(a.page, locale, toggle);
    await a.page.getByTestId('call-mute').click();
    await screenshot(a.page, `call-toggles-private-${locale}`);
    await a.page.getByTestId('call-hangup').click();
    await expectCallClosed(a.page);
    await expectCallClosed(b.page);
  });

  it('group call: mute, speaker and camera say their state', async () => {
    await setLocale(server, a, 'en-US');
    await openGroupByRoute(a.page, server, groupId);
    await a.page.getByTestId('composer-plus').click();
    await a.page.getByTestId('composer-voice-call').click();
    await a.page.getByTestId('group-call-picker').waitFor({ timeout: WAIT_MS });
    await a.page.getByTestId(`group-call-picker-member-${b.id}`).click();
    await a.page.getByTestId('group-call-picker-confirm').click();
    await expectCallPhase(b.page, 'incoming');
    await b.page.getByTestId('call-accept').click();
    await expectCallPhase(a.page, 'inCall');
    await expect.poll(async () => (await media(a.page)).speaker, { timeout: WAIT_MS }).toBe(true);
    for (const toggle of ['mute', 'speaker', 'camera'] as const) await checkToggle(a.page, 'en-US', toggle);
    await a.page.getByTestId('call-camera').click();
    await screenshot(a.page, 'call-toggles-group-en-US');
    await a.page.getByTestId('call-end-all').click();
    await expectCallClosed(a.page);
    await expectCallClosed(b.page);
  });
});

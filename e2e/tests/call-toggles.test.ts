/**
 * The call pages' toggle buttons (issue 20 point 15): mute, speaker and camera each keep one
 * name and say with aria-pressed whether that thing is on, in the private and the group call
 * page. Each press is checked against what the page really does: the local microphone and
 * camera tracks (the muted local preview) and the remote media element's volume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  Routes,
  launchBrowser,
  openRoute,
  openTab,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember } from '../support/chat.js';
import { openChatFromList } from '../support/chat-box.js';
import { apiCreateGroup, openGroupByRoute } from '../support/group.js';
import { expectCallClosed, expectCallPhase } from '../support/call.js';

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

describe('call toggles (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let groupId: number;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'talice', 'Alice Toggle');
    const bob = await createMember(server, 'tbob', 'Bob Toggle');
    await befriend(server, alice, bob);
    groupId = (await apiCreateGroup(server, alice, 'Toggle crew', [bob])).id;
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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

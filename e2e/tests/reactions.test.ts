/**
 * Reactions (issue 21 point 2) in a group of three: Bob (390×844, touch, zh-CN) reacts
 * from the quick row of a long press, Carol (390×844, ar-SA) taps a chip to see who
 * reacted with it, reacts and picks from the emoji panel, Alice (1280×800, en-US) reacts
 * with the desktop hover button; chips and counts follow live on every side, my row in a
 * chip's list takes mine off, the author's chat list names the reaction, and the
 * who-reacted sheet lists everyone's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { VIEWPORTS, en, launchBrowser, screenshot, startServer, text, type RunningServer } from '../support/index.js';
import { expectAccessible } from '../support/axe.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, eventually } from '../support/chat.js';
import { waitForText } from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, expectGroupRow, openGroupByRoute } from '../support/group.js';

const question = 'Dinner at 8?';

/** The chips under message `key` as "emoji count mine", read in one go (chips come and go live). */
function chips(page: Page, key: string): Promise<string[]> {
  return page.evaluate((k) => {
    const box = document.querySelector(`[data-testid="reactions-${k}"]`);
    return Array.from(box?.querySelectorAll('.reaction-chip') ?? []).map(
      (c) =>
        `${c.getAttribute('data-testid')!.replace('reaction-chip-', '')} ${c.getAttribute('data-count')} ${c.getAttribute('data-mine')}`,
    );
  }, key);
}
/** A row's name (my own row adds "Tap to remove" under mine). */
const firstLine = (s: string) => s.trim().split('\n')[0]!.trim();
const expectChips = (page: Page, key: string, want: string[]) =>
  eventually(() => chips(page, key), want, `chips of ${key}`);

async function longPress(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 20, clientY: box.y + 12 };
  await target.dispatchEvent('pointerdown', at);
  await page.getByTestId('message-menu').waitFor(); // opens after the hold
  await target.dispatchEvent('pointerup', at);
}

async function setLocale(server: RunningServer, p: Person, locale: string, groupId: number): Promise<void> {
  await p.page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await p.page.reload();
  await openGroupByRoute(p.page, server, groupId);
}

describe('reactions in a group (phone and desktop)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let c: Person;
  let groupId: number;
  let key = '';

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'ralice', 'Alice React');
    const bob = await createMember(server, 'rbob', 'Bob React');
    const carol = await createMember(server, 'rcarol', 'Carol React');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Supper club', [bob, carol])).id;
    [a, b, c] = await Promise.all([
      signIn(browser, server, alice, { viewport: VIEWPORTS.desktop }),
      signIn(browser, server, bob, { hasTouch: true }),
      signIn(browser, server, carol),
    ]);
    await Promise.all([setLocale(server, b, 'zh-CN', groupId), setLocale(server, c, 'ar-SA', groupId)]);
    await openGroupByRoute(a.page, server, groupId);
    await apiGroupText(server, alice, groupId, question);
    key = await waitForText(b.page, question, false);
    expect(await waitForText(c.page, question, false)).toBe(key);
    expect(await waitForText(a.page, question, true)).toBe(key);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reacts from the quick row, a chip, the emoji panel and the hover button; toggles off; live on every side', async () => {
    // Bob: long press → the quick row above the menu → 👍.
    await longPress(b.page, b.page.getByTestId(`message-${key}`).locator('.msg__bubble'));
    const row = b.page.getByTestId('quick-reactions');
    expect(await row.getAttribute('aria-label')).toBe(text('zh-CN', 'chatBox.reactions.quick'));
    await screenshot(b.page, 'reactions-quick-row-zh-CN-phone');
    await b.page.getByTestId('quick-reaction-👍').click();
    await expectChips(b.page, key, ['👍 1 true']);
    await expectChips(c.page, key, ['👍 1 false']);

    // Carol taps Bob's chip: who reacted with 👍 (Bob); she adds hers from the quick row, then
    // switches to 🔥 from the emoji panel ("+").
    await c.page.getByTestId(`reactions-${key}`).getByTestId('reaction-chip-👍').click();
    const bobs = c.page.getByTestId('reactors-sheet');
    expect(await bobs.getByTestId('reactors-tab-👍').getAttribute('aria-selected')).toBe('true');
    await eventually(
      async () =>
        (await bobs.getByTestId('reactors-list').locator('.forward__name').allInnerTexts()).map((x) => x.trim()),
      ['Bob React'],
      'who reacted with 👍',
    );
    await c.page.keyboard.press('Escape');
    await bobs.waitFor({ state: 'detached', timeout: WAIT_MS });
    await c.page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await c.page.getByTestId('quick-reaction-👍').click();
    await expectChips(c.page, key, ['👍 2 true']);
    await c.page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await c.page.getByTestId('quick-reaction-more').click();
    await c.page.getByTestId('reaction-picker').getByTestId('emoji-fire').click();
    await expectChips(c.page, key, ['👍 1 false', '🔥 1 true']);
    expect(
      await c.page.getByTestId(`reactions-${key}`).getByTestId('reaction-chip-🔥').getAttribute('aria-label'),
    ).toBe(text('ar-SA', 'chatBox.reactions.chipMine', { emoji: '🔥', n: '1' }));
    await screenshot(c.page, 'reactions-chips-ar-SA-phone');
    await expectAccessible(c.page, 'chips in ar-SA');

    // Alice, the author, at desktop size: the chips, and her list names Carol's reaction (no unread).
    await expectChips(a.page, key, ['👍 1 false', '🔥 1 false']);
    await expectGroupRow(a.page, groupId, {
      unread: 0,
      last: `${en('chat.preview.reacted', { name: c.nickName, emoji: '🔥' })}${question}`,
    });
    // The hover button beside her bubble opens the same row: ❤️.
    await a.page.getByTestId(`message-${key}`).hover();
    await a.page.getByTestId(`message-react-${key}`).click();
    await screenshot(a.page, 'reactions-hover-row-en-US-desktop');
    await a.page.getByTestId('quick-reaction-❤️').click();
    await expectChips(a.page, key, ['👍 1 false', '🔥 1 false', '❤️ 1 true']);
    await expectChips(b.page, key, ['👍 1 true', '🔥 1 false', '❤️ 1 false']);

    // Bob taps his chip and, in its list, his own row: his reaction goes, on every side.
    await b.page.getByTestId(`reactions-${key}`).getByTestId('reaction-chip-👍').click();
    const mine = b.page.getByTestId('reactors-remove-mine');
    expect(await mine.innerText()).toContain(text('zh-CN', 'chatBox.reactions.tapToRemove'));
    await mine.click();
    await expectChips(b.page, key, ['🔥 1 false', '❤️ 1 false']);
    await expectChips(a.page, key, ['🔥 1 false', '❤️ 1 true']);
    await expectChips(c.page, key, ['🔥 1 true', '❤️ 1 false']);
    await screenshot(b.page, 'reactions-chips-zh-CN-phone');
  });

  it('lists who reacted, by emoji', async () => {
    await a.page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await a.page.getByTestId('message-menu-reactions').click();
    const sheet = a.page.getByTestId('reactors-sheet');
    await sheet.waitFor();
    await eventually(
      async () => (await sheet.getByTestId('reactors-list').locator('.forward__name').allInnerTexts()).map(firstLine),
      [en('chatBox.reactions.you'), c.nickName],
      'who reacted',
    );
    await sheet.getByTestId('reactors-tab-🔥').click();
    await eventually(
      async () => (await sheet.getByTestId('reactors-list').locator('.forward__name').allInnerTexts()).map(firstLine),
      [c.nickName],
      'who reacted with 🔥',
    );
    await screenshot(a.page, 'reactions-who-en-US-desktop');
    await expectAccessible(a.page, 'who reacted over the chips');
    await a.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Carol's sheet from a long press on the chips, in her language.
    await c.page.getByTestId(`reactions-${key}`).click({ button: 'right' });
    await c.page.getByTestId('reactors-sheet').waitFor();
    expect(await c.page.getByTestId('reactors-tab-all').innerText()).toContain(
      text('ar-SA', 'chatBox.reactions.all', { n: '2' }),
    );
    await screenshot(c.page, 'reactions-who-ar-SA-phone');
  });
});

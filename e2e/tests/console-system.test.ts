/** An operator writes a system notification in the console (toolbar, cover, live preview) and sends it to a chosen user. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  VIEWPORTS,
  en,
  expectToast,
  launchBrowser,
  openRoute,
  routeRe,
  screenshot,
  tinyPng,
  type RunningServer,
} from '../support/index.js';
import { createMember, type Member } from '../support/chat.js';
import { signIn, type Account, type Person } from '../support/contacts.js';
import { startWithOperator } from '../support/console.js';

describe('system notification from the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorAccount: Account;
  let operator: Person;
  let reader: Member;
  const title = 'Scheduled maintenance';

  beforeAll(async () => {
    ({ server, operator: operatorAccount } = await startWithOperator());
    browser = await launchBrowser();
    reader = await createMember(server, 'reader', 'Reader Rob');
    operator = await signIn(browser, server, operatorAccount);
    await operator.page.setViewportSize(VIEWPORTS.desktop);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('previews the Markdown while it is written, with the toolbar', async () => {
    const page = operator.page;
    await openRoute(page, server, '/pages/console/system');
    await page.waitForURL(routeRe('/pages/console/system'));
    await page.getByTestId('console-system-title').fill(title);
    await page.getByTestId('console-system-cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: tinyPng(320, 160, [40, 120, 200]),
    });
    await page.getByTestId('console-system-cover-preview').waitFor();
    await page.getByTestId('console-system-intro').fill('Parley is offline for ten minutes tonight.');
    const content = page.getByTestId('console-system-content');
    await content.fill('We upgrade the servers.');
    // select "upgrade" and make it bold through the toolbar
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 10));
    await page.getByTestId('md-bold').click();
    await expect.poll(() => content.inputValue()).toBe('We **upgrade** the servers.');
    const preview = page.getByTestId('console-system-preview');
    await preview.locator('strong', { hasText: 'upgrade' }).waitFor();
    await preview.getByText(title).waitFor();
  });

  it('sends it to a chosen user after confirming, and lists it as sent', async () => {
    const page = operator.page;
    await page.getByTestId('console-audience-users').check();
    expect(await page.getByTestId('console-system-send').isDisabled()).toBe(true); // nobody chosen yet
    await page.getByTestId('console-recipient-search').fill(reader.userName);
    await page.getByTestId('console-recipient-search-submit').click();
    await page.getByTestId(`console-recipient-add-${reader.id}`).click();
    await page.getByTestId('console-recipients').getByText('Reader Rob').waitFor();
    await screenshot(page, 'console-system-compose');
    await page.getByTestId('console-system-send').click();
    await page.getByTestId('console-system-confirm').waitFor();
    await page.getByTestId('console-system-confirm-confirm').click();
    await expectToast(page, en('console.system.sent_one', { count: '1' }));
    await page.getByTestId('console-system-sent').getByText(title).waitFor();
    expect(await page.getByTestId('console-system-title').inputValue()).toBe('');
    expect(operator.errors).toEqual([]);
  });
});

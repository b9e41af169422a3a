/**
 * The moderation console (issue 10), three parts on one server with one operator account:
 * an operator bans a signed-in user (the user's app shows the reason and returns to login);
 * writes a system notification (toolbar, cover, live preview) and sends it to a chosen user;
 * resolves a complaint end to end (a user reports, the operator resolves it, the reporter
 * sees the outcome). Each part signs its own people in and closes them when it ends (the
 * operator's next sign-in on the same terminal would end the last one anyway).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ComplaintStatus, ComplaintType, type Complaint } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  apiGetAs,
  en,
  expectText,
  expectToast,
  launchBrowser,
  openRoute,
  openTab,
  routeRe,
  screenshot,
  tinyPng,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { createMember, type Member } from '../support/chat.js';
import { fileComplaint, registerAccount, signIn, type Account, type Person } from '../support/contacts.js';
import { ConsoleRoutes, openConsole, startWithOperator } from '../support/console.js';

let server: RunningServer;
let browser: Browser;
let operatorAccount: Account;
beforeAll(async () => {
  ({ server, operator: operatorAccount } = await startWithOperator());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A part's people (their browser contexts) go when the part ends. */
const closePeople = () => closeContexts(browser);

describe('ban from the moderation console', () => {
  let operator: Person;
  let user: Person;
  const reason = 'Repeated scam links to other users';

  beforeAll(async () => {
    user = await signIn(browser, server, await registerAccount(server, 'banned', 'Spammy Sam'));
    operator = await signIn(browser, server, operatorAccount);
  });
  afterAll(closePeople);

  it('finds the user by user name and opens them', async () => {
    const page = operator.page;
    await openConsole(page);
    await page.getByTestId('console-nav-users').click();
    await page.waitForURL(routeRe(ConsoleRoutes.users));
    await page.getByTestId('console-users-search').fill(user.userName);
    await page.getByTestId('console-users-search-submit').click();
    await page.getByTestId(`console-user-${user.id}`).click();
    await page.waitForURL(routeRe(ConsoleRoutes.user));
    await expectText(page, 'console-user-name', 'Spammy Sam');
  });

  it('requires a reason, bans, and the user’s app shows it and returns to login', async () => {
    const page = operator.page;
    await page.getByTestId('console-ban').click();
    await page.getByTestId('console-reason-sheet').waitFor();
    expect(await page.getByTestId('console-reason-submit').isDisabled()).toBe(true);
    await page.getByTestId('console-reason-input').fill(reason);
    await page.getByTestId('console-reason-submit').click();
    await expectToast(page, en('console.users.banned'));
    await expectText(page, 'console-user-reason', reason);
    await page.getByTestId('console-unban').waitFor();

    const dialog = user.page.getByTestId('account-blocked-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(reason);
    await user.page.waitForURL(routeRe(Routes.login));
    await screenshot(user.page, 'console-ban-user-dialog');
    expect(await user.page.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
  });

  it('offers no ban on an operator’s own page', async () => {
    const page = operator.page;
    await openRoute(page, server, `${ConsoleRoutes.user}?id=${operator.id}`);
    await expectText(page, 'console-user-name', 'Olivia Operator');
    expect(await page.getByTestId('console-ban').isDisabled()).toBe(true);
    await page.goBack();
  });

  it('lifts the ban again', async () => {
    const page = operator.page;
    await page.getByTestId('console-unban').click();
    await page.getByTestId('console-unban-dialog-confirm').click();
    await expectToast(page, en('console.users.unbanned'));
    await page.getByTestId('console-ban').waitFor();
    expect(operator.errors).toEqual([]);
  });
});

describe('system notification from the console', () => {
  let operator: Person;
  let reader: Member;
  const title = 'Scheduled maintenance';

  beforeAll(async () => {
    reader = await createMember(server, 'reader', 'Reader Rob');
    operator = await signIn(browser, server, operatorAccount);
    await operator.page.setViewportSize(VIEWPORTS.desktop);
  });
  afterAll(closePeople);

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

describe('complaint resolved in the moderation console', () => {
  let reporter: Person;
  let operator: Person;
  let target: Account;
  let complaint: Complaint;
  const content = 'Sends me fake prize links every day.';
  const answer = 'We checked the messages and banned the links. Thank you for the report.';

  beforeAll(async () => {
    target = await registerAccount(server, 'target', 'Mallory');
    reporter = await signIn(browser, server, await registerAccount(server, 'reporter', 'Rita'));
  });
  afterAll(closePeople);

  it('keeps the console from a user who is not an operator', async () => {
    await openTab(reporter.page, 'mine');
    await reporter.page.getByTestId('mine-complaints-entry').waitFor();
    expect(await reporter.page.getByTestId('mine-console-entry').count()).toBe(0);
    await openRoute(reporter.page, server, ConsoleRoutes.complaints);
    await expectText(reporter.page, 'console-refused', en('console.notOperator'));
  });

  it('files a complaint with a screenshot from the target’s profile', async () => {
    const [found] = await apiGetAs<{ id: number }[]>(
      reporter.page,
      server,
      `/user/findByName?name=${encodeURIComponent(target.userName)}`,
    );
    expect(found).toBeTruthy();
    await openRoute(reporter.page, server, `/pages/common/user-info?id=${found!.id}`);
    await fileComplaint(reporter.page, 'Mallory', ComplaintType.FRAUD, content);
    const [mine] = await apiGetAs<Complaint[]>(reporter.page, server, '/complaint/page');
    complaint = mine!;
    expect(complaint).toMatchObject({ content, status: ComplaintStatus.PENDING });
  });

  it('shows the complaint in the operator’s queue with the time left of the 24 h promise', async () => {
    operator = await signIn(browser, server, operatorAccount);
    await openConsole(operator.page);
    await operator.page.getByTestId('console-nav-complaints').click();
    await operator.page.waitForURL(routeRe(ConsoleRoutes.complaints));
    const row = operator.page.getByTestId(`console-complaint-${complaint.id}`);
    await row.waitFor();
    const left = row.getByTestId('console-time-left');
    expect(await left.getAttribute('data-urgency')).toBe('ok');
    // 24 h minus the seconds since it was filed, rounded up: "24 h 0 min left" or "23 h 59 min left"
    expect(await left.innerText()).toMatch(/^(24 h 0|23 h 59) min left$/);
    await screenshot(operator.page, 'console-complaint-queue');
  });

  it('opens the detail with the evidence in the zoom viewer and resolves it with an answer', async () => {
    const page = operator.page;
    await page.getByTestId(`console-complaint-${complaint.id}`).click();
    await page.waitForURL(routeRe(ConsoleRoutes.complaint));
    await expectText(page, 'console-complaint-content', content);
    await expectText(page, 'console-complaint-status', en('complaint.status.pending'));
    await page.getByTestId('console-target-user').waitFor();
    await page.getByTestId('console-evidence-0').click();
    await page.getByTestId('console-evidence-viewer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('console-evidence-viewer').waitFor({ state: 'detached' });

    expect(await page.getByTestId('console-resolve').isDisabled()).toBe(true); // an answer is required
    await page.getByTestId('console-answer').fill(answer);
    await page.getByTestId('console-resolve').click();
    await expectToast(page, en('console.complaint.resolved'));
    await expectText(page, 'console-complaint-status', en('complaint.status.resolved'));
    await page.getByTestId('console-complaint-decided').waitFor();
    expect(await page.getByTestId('console-decision').count()).toBe(0);
    await screenshot(page, 'console-complaint-resolved');
  });

  it('shows the outcome and the answer in the reporter’s "my complaints"', async () => {
    const page = reporter.page;
    await openRoute(page, server, '/pages/mine/mine');
    await page.getByTestId('mine-complaints-entry').click();
    const row = page.getByTestId(`complaint-row-${complaint.id}`);
    await row.waitFor();
    await row.filter({ hasText: en('complaint.status.resolved') }).waitFor();
    await row.click();
    await expectText(page, 'complaint-info-status', en('complaint.status.resolved'));
    await expectText(page, 'complaint-info-resolution', answer);
    // The reporter's notification says the outcome with the console's word (issue 20 point 9).
    await openRoute(page, server, '/pages/chat/chat-system');
    const title = page.locator('.sys-card__title').filter({ hasText: en('tips.system.complaintResolved.title') });
    await title.waitFor();
    expect(en('tips.system.complaintResolved.title').toLowerCase()).toContain(
      en('complaint.status.resolved').toLowerCase(),
    );
    expect(reporter.errors).toEqual([]);
    expect(operator.errors).toEqual([]);
  });

  it('lists the decision in the audit log', async () => {
    const page = operator.page;
    await openRoute(page, server, '/pages/console/audit');
    await page.getByTestId('console-audit').getByText(en('console.audit.actions.complaintResolve')).first().waitFor();
  });
});

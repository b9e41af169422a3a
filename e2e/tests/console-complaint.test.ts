/** A complaint end to end: a user reports, an operator resolves it in the console, the reporter sees the outcome. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ComplaintStatus, ComplaintType, type Complaint } from '@parley/protocol';
import {
  apiGetAs,
  en,
  expectText,
  expectToast,
  launchBrowser,
  openRoute,
  openTab,
  routeRe,
  screenshot,
  type RunningServer,
} from '../support/index.js';
import { fileComplaint, registerAccount, signIn, type Account, type Person } from '../support/contacts.js';
import { ConsoleRoutes, openConsole, startWithOperator } from '../support/console.js';

describe('complaint resolved in the moderation console', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorAccount: Account;
  let reporter: Person;
  let operator: Person;
  let target: Account;
  let complaint: Complaint;
  const content = 'Sends me fake prize links every day.';
  const answer = 'We checked the messages and banned the links. Thank you for the report.';

  beforeAll(async () => {
    ({ server, operator: operatorAccount } = await startWithOperator());
    browser = await launchBrowser();
    target = await registerAccount(server, 'target', 'Mallory');
    reporter = await signIn(browser, server, await registerAccount(server, 'reporter', 'Rita'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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

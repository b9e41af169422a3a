/** Shared UI steps of the browser tests: routes, catalogue texts, register, login, logout, language. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE } from '@parley/protocol';
import { REPO_ROOT, type RunningServer } from './server.js';

/** Hash routes of the web app (spec §2). */
export const Routes = {
  root: '/',
  chat: '/pages/chat/chat',
  mine: '/pages/mine/mine',
  login: '/pages/login/login',
  register: '/pages/register/register',
  mineEdit: '/pages/mine/mine-edit',
  minePassword: '/pages/mine/mine-password',
  lang: '/pages/lang/lang',
} as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a page URL whose hash route is exactly `route`. */
export const routeRe = (route: string) => new RegExp(`#${escapeRe(route)}(\\?.*)?$`);
/** The messages tab: `/` is its alias (with or without a `#/` hash). */
export const MESSAGES_RE = /^https?:\/\/[^/#]+\/(#\/(pages\/chat\/chat)?(\?.*)?)?$/;

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

export function localeFile(locale: string): string {
  return join(REPO_ROOT, 'packages/web/src/i18n/locales', `${locale}.json`);
}

/** A text of a locale catalogue by dotted key, e.g. text('en-US', 'errors.userNotExist'). */
export function text(locale: string, key: string, params: Record<string, string> = {}): string {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(localeFile(locale), 'utf8')) as Catalogue;
    catalogues.set(locale, catalogue);
  }
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${locale} has no text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
}
export const en = (key: string, params?: Record<string, string>) => text('en-US', key, params);

export function uniqueUserName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`;
}

export async function openRoute(page: Page, server: RunningServer, route: string): Promise<void> {
  await page.goto(`${server.url}/#${route}`);
}

/** Waits until a toast with exactly this text is on screen. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await page
    .getByTestId('toast')
    .filter({ hasText: new RegExp(`^\\s*${escapeRe(message)}\\s*$`) })
    .waitFor({ state: 'visible' });
}

/** Waits until the element's trimmed text equals `expected`. */
export async function expectText(page: Page, testId: string, expected: string): Promise<void> {
  const locator = page.getByTestId(testId);
  await locator.filter({ hasText: new RegExp(`^\\s*${escapeRe(expected)}\\s*$`) }).waitFor();
  expect((await locator.innerText()).trim()).toBe(expected);
}

/** On the login page: agree in the policy dialog when it is open. Returns whether it was shown. */
export async function acceptPolicyDialog(page: Page): Promise<boolean> {
  await page.getByTestId('login-username').waitFor();
  const dialog = page.getByTestId('policy-dialog');
  if (!(await dialog.isVisible())) return false;
  await page.getByTestId('policy-agree').click();
  await dialog.waitFor({ state: 'detached' });
  return true;
}

/** Fills and submits the login form (agreement ticked); the caller checks the outcome. */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await acceptPolicyDialog(page);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('login-submit').click();
}

/** Waits for the messages tab of the signed-in shell. */
export async function expectMessagesTab(page: Page): Promise<void> {
  await page.waitForURL(MESSAGES_RE);
  await page.getByTestId('tab-page-chat').waitFor({ state: 'visible' });
  await page.getByTestId('chat-empty').waitFor({ state: 'visible' });
  expect(await page.getByTestId('tab-chat').getAttribute('aria-current')).toBe('page');
}

/** Logs in through the login page and waits for the messages tab. */
export async function login(page: Page, server: RunningServer, userName: string, password: string): Promise<void> {
  if (!routeRe(Routes.login).test(page.url())) await openRoute(page, server, Routes.login);
  await submitLogin(page, userName, password);
  await expectMessagesTab(page);
}

/** A login that must fail with this toast and leave the page on login. */
export async function loginFails(page: Page, userName: string, password: string, toast: string): Promise<void> {
  await submitLogin(page, userName, password);
  await expectToast(page, toast);
  expect(page.url()).toMatch(routeRe(Routes.login));
  expect(await page.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
}

export interface RegisterForm {
  userName: string;
  nickName?: string;
  password: string;
  confirm?: string;
}

/** Fills and submits the register form (agreement ticked); the caller checks the outcome. */
export async function submitRegister(page: Page, form: RegisterForm): Promise<void> {
  await page.getByTestId('register-username').fill(form.userName);
  await page.getByTestId('register-nickname').fill(form.nickName ?? '');
  await page.getByTestId('register-password').fill(form.password);
  await page.getByTestId('register-confirm').fill(form.confirm ?? form.password);
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('register-submit').click();
}

/** Registers over HTTP (for tests whose subject is not registration). */
export async function registerViaApi(server: RunningServer, userName: string, password: string): Promise<void> {
  const res = await fetch(`${server.url}${API_BASE}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  const body = (await res.json()) as { code: number; message: string };
  expect(body, `register ${userName}`).toMatchObject({ code: 200 });
}

export async function openTab(page: Page, tab: 'chat' | 'friend' | 'discover' | 'mine'): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId(`tab-page-${tab}`).waitFor({ state: 'visible' });
}

/** Mine → log out → confirm; ends on the login page. */
export async function logout(page: Page): Promise<void> {
  await openTab(page, 'mine');
  await page.getByTestId('mine-logout').click();
  await page.getByTestId('logout-dialog').waitFor();
  await page.getByTestId('logout-dialog-confirm').click();
  await page.waitForURL(routeRe(Routes.login));
  await page.getByTestId('login-username').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
}

/** Mine → language → pick `locale` → back to mine. */
export async function switchLanguage(page: Page, locale: string): Promise<void> {
  await openTab(page, 'mine');
  await page.getByTestId('mine-lang-entry').click();
  await page.waitForURL(routeRe(Routes.lang));
  await page.getByTestId(`lang-item-${locale}`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
  await page.getByTestId(`lang-item-${locale}`).getByTestId('lang-current').waitFor();
  expect(await page.getByTestId(`lang-item-${locale}`).getAttribute('aria-checked')).toBe('true');
  await page.getByTestId('nav-back').click();
  await page.getByTestId('tab-page-mine').waitFor({ state: 'visible' });
}

/** The visible labels of the four tabs, in DOM order. */
export async function tabLabels(page: Page): Promise<string[]> {
  const tabs = ['chat', 'friend', 'discover', 'mine'];
  return Promise.all(tabs.map(async (tab) => (await page.getByTestId(`tab-${tab}`).innerText()).trim()));
}

export async function documentLocale(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** GET an API path with the page's stored access token; returns the reply's data (code 200 required). */
export async function apiGetAs<T>(page: Page, server: RunningServer, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { accessToken?: string }).accessToken,
  );
  expect(token, 'stored access token').toBeTruthy();
  const res = await fetch(`${server.url}${API_BASE}${path}`, { headers: { accessToken: token ?? '' } });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(200);
  return body.data;
}

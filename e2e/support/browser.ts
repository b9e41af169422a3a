/** Debian Chromium through playwright-core; never downloads a browser. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface UserPageOptions extends BrowserContextOptions {
  /** Stored language (the app reads it from localStorage on start). */
  locale?: string;
  /** Let the app offer notifications after the first send (off: most tests click on right after sending). */
  pushOffer?: boolean;
}

/** A page in a fresh context (own storage, like a separate user or device). */
export async function newUserPage(browser: Browser, options: UserPageOptions = {}): Promise<Page> {
  const { pushOffer = false, ...contextOptions } = options;
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 1,
    ...contextOptions,
  });
  // The key push/index.ts keeps once the offer was made: a test that wants the offer asks for it.
  if (!pushOffer) await context.addInitScript(() => localStorage.setItem('parley.pushAsked', '1'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export const RESULTS_DIR = join(REPO_ROOT, 'test-results');

/** Full-page PNG into test-results/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

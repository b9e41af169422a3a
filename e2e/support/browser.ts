/** Debian Chromium through playwright-core; never downloads a browser. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
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

let shared: Promise<Browser> | undefined;

const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    // CHROMIUM_EXTRA_ARGS: more flags, space-separated (to try one without editing this file).
    args: [...CHROMIUM_ARGS, ...(process.env.CHROMIUM_EXTRA_ARGS ?? '').split(' ').filter(Boolean)],
    headless: true,
  });

/**
 * Chromium for one browser test file. The files of a worker run one after another in one
 * process (vitest `isolate: false`) and share one Chromium, started once: what a file gets
 * is a handle whose `close()` closes only the contexts (people, devices) this file opened,
 * each with its own storage as before. A Chromium that died is started again.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= launch();
  let real = await shared;
  if (!real.isConnected()) {
    shared = launch();
    real = await shared;
  }
  const mine = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
    const context = await real.newContext(options);
    mine.add(context);
    context.on('close', () => mine.delete(context));
    return context;
  };
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'newContext') return newContext;
      if (prop === 'contexts') return () => [...mine];
      if (prop === 'newPage') {
        // As Browser.newPage: a page in a context of its own, closed with the page.
        return async (options?: BrowserContextOptions): Promise<Page> => {
          const context = await newContext(options);
          const page = await context.newPage();
          page.once('close', () => void context.close().catch(() => undefined));
          return page;
        };
      }
      if (prop === 'close') {
        return async (): Promise<void> => {
          await Promise.all([...mine].map((c) => c.close().catch(() => undefined)));
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Closes the contexts (people, devices) this file opened so far: a file whose parts share
 * one server ends each part's people with it, so the next part starts with its own.
 */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((c) => c.close()));
}

export interface UserPageOptions extends BrowserContextOptions {
  /** Stored language (the app reads it from localStorage on start). */
  locale?: string;
  /** Let the app offer notifications after the first send (off: most tests click on right after sending). */
  pushOffer?: boolean;
  /**
   * Let the app fetch every page's chunk while idle after sign-in (off: the context reports
   * Data Saver, so pages load on first visit; the preloading is a third of the browser's work
   * per signed-in context, and only smoke.test.ts checks it).
   */
  preloadPages?: boolean;
}

/**
 * A page in a fresh context (own storage, like a separate user or device). Its service
 * worker is blocked unless asked for (`serviceWorkers: 'allow'`: the offline, push and
 * logout-wipe files): installing it precaches the whole app (240 files) in every context,
 * about a sixth of Chromium's work in a browser file, for tests that never go offline.
 */
export async function newUserPage(browser: Browser, options: UserPageOptions = {}): Promise<Page> {
  const { pushOffer = false, preloadPages = false, ...contextOptions } = options;
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
    // No permission override: with the fake media flags camera and microphone read as
    // granted (no sheet before a call, spec §6), notifications as not asked yet. A grant
    // would refuse every permission it does not list (media-ask-preview.test.ts uses that).
    ...contextOptions,
  });
  // The key push/index.ts keeps once the offer was made: a test that wants the offer asks for it.
  if (!pushOffer) await context.addInitScript(() => localStorage.setItem('parley.pushAsked', '1'));
  if (!preloadPages) {
    await context.addInitScript(() => {
      const info = (globalThis as { NetworkInformation?: { prototype: object } }).NetworkInformation;
      if (info) Object.defineProperty(info.prototype, 'saveData', { get: () => true });
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
const SCREENSHOTS = !!process.env.E2E_SCREENSHOTS && process.env.E2E_SCREENSHOTS !== '0';

/**
 * Full-page PNG into test-results/<name>.png when E2E_SCREENSHOTS is set (to look at the
 * screens: `E2E_SCREENSHOTS=1 npx vitest run --project e2e e2e/tests/two-panes.test.ts`);
 * returns the path, or '' when screenshots are off, as in `npm test` (they assert nothing
 * and cost the browser a full-page render and a PNG encoding each).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  if (!SCREENSHOTS) return '';
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

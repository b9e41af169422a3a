/** The benches' Chromium: launched headless from Debian's binary, and a context signed in as one user. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { TokenPair } from '@parley/protocol';

/** Chromium with fake camera and microphone, for the call benches. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchBenchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
    headless: true,
  });
}

/** A fresh phone-sized context (empty IndexedDB) in en-US, signed in with `pair` as the app stores it. */
export async function signedInContext(browser: Browser, pair: TokenPair): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  // tsx keeps function names with a __name helper the page lacks.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(
    (info) => {
      localStorage.setItem('locale', 'en-US');
      // Only once: the app rotates the tokens it finds; a reload must keep the new ones.
      if (!sessionStorage.getItem('benchInit')) localStorage.setItem('loginInfo', info);
      sessionStorage.setItem('benchInit', '1');
    },
    JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }),
  );
  return context;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newUserPage, screenshot, startServer, type RunningServer } from '../support/index.js';

describe('smoke', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers the API with the reply envelope', async () => {
    const res = await fetch(`${server.url}/api/system/config`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(401);
    expect(typeof body.message).toBe('string');
  });

  it('serves the app at / and sends a signed-out visitor to login', async () => {
    const page = await newUserPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    await page.waitForURL(/#\/pages\/login\/login/, { timeout: 20_000 });
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(lang).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
    await screenshot(page, 'smoke-login');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * Screens in headless Chromium at 390×844 and 1280×800.
 *
 *   npx tsx scripts/screenshot.ts <baseUrl> <locale> <route>... [--user U --password P] [--out DIR]
 *   npx tsx scripts/screenshot.ts http://127.0.0.1:8080 zh-CN /pages/login/login /pages/mine/mine --user trial@parley.chat --password parley123
 *
 * Routes are hash routes ("/pages/mine/mine" or "#/pages/mine/mine"). With --user, the
 * script logs in over the API and stores the tokens the way the web app does
 * (localStorage loginInfo), so protected screens render. The language is stored
 * under localStorage "locale". PNGs go to /tmp/shots/<locale>-<route>-<w>x<h>.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { API_BASE, Terminal, api } from '@parley/protocol';

const CHROMIUM_ARGS = [
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
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const positional: string[] = [];
const flags: Record<string, string> = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a.startsWith('--')) flags[a.slice(2)] = argv[++i] ?? '';
  else positional.push(a);
}
const [base, locale = 'en-US', ...routes] = positional;
if (!base || routes.length === 0) {
  console.error(
    'usage: tsx scripts/screenshot.ts <baseUrl> <locale> <route>... [--user U --password P] [--out DIR] [--wait MS]',
  );
  process.exit(2);
}
const outDir = flags.out ?? '/tmp/shots';
const waitMs = Number(flags.wait ?? 800);
mkdirSync(outDir, { recursive: true });

/** Fresh tokens per browser context: the app rotates the refresh token on start. */
async function login(): Promise<{ accessToken: string; refreshToken: string } | null> {
  if (!flags.user) return null;
  const res = await fetch(`${base}${API_BASE}${api.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ terminal: Terminal.WEB, userName: flags.user, password: flags.password ?? '' }),
  });
  const body = (await res.json()) as {
    code: number;
    message: string;
    data: { accessToken: string; refreshToken: string };
  };
  if (body.code !== 200) {
    console.error(`login failed: ${body.code} ${body.message}`);
    process.exit(1);
  }
  return { accessToken: body.data.accessToken, refreshToken: body.data.refreshToken };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  headless: true,
});
try {
  for (const viewport of VIEWPORTS) {
    const loginInfo = await login();
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
    await context.addInitScript(
      ([loc, info]) => {
        try {
          localStorage.setItem('locale', loc as string);
          // Only once: the app rotates the tokens it finds, later navigations must keep them.
          if (info && !sessionStorage.getItem('shotInit')) localStorage.setItem('loginInfo', info as string);
          sessionStorage.setItem('shotInit', '1');
        } catch {
          // storage blocked
        }
      },
      [locale, loginInfo ? JSON.stringify(loginInfo) : null] as const,
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    for (const route of routes) {
      const hash = route.startsWith('#') ? route : `#${route.startsWith('/') ? route : `/${route}`}`;
      await page.goto(`${base}/${hash}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(waitMs);
      const name = `${locale}-${hash.replace(/^#\/?/, '').replace(/[^\w.-]+/g, '_') || 'root'}-${viewport.width}x${viewport.height}.png`;
      const path = join(outDir, name);
      await page.screenshot({ path, fullPage: false });
      console.log(`${path}  (${page.url()})`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

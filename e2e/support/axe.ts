/**
 * axe-core in the page (issue 11, point 18): runs the WCAG 2 A/AA rules on the
 * current screen and fails on serious or critical violations. The script is put
 * in through the DevTools protocol, so the server's Content-Security-Policy
 * (no inline scripts) does not stop it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until the DOM has not changed for `quietMs` (lazy page chunks and their first
 * data have landed), at most `maxMs`: a fixed pause per screen made the sweep slow.
 */
export async function waitForQuietDom(page: Page, quietMs = 300, maxMs = 4000): Promise<void> {
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let last = started;
        const observer = new MutationObserver(() => (last = performance.now()));
        observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
        const tick = () => {
          const now = performance.now();
          if (now - last >= quietMs || now - started >= maxMs) {
            observer.disconnect();
            resolve();
          } else setTimeout(tick, 50);
        };
        setTimeout(tick, 50);
      }),
    { quietMs, maxMs },
  );
}

/** The serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? '' })),
    }));
  });
  return found.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

/** One readable block per violation, for a test failure message. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id} — ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.summary.replace(/\s+/g, ' ').slice(0, 240)}`)
          .join('\n'),
    )
    .join('\n');
}

/** Throws when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length)
    throw new Error(`axe found ${violations.length} problem(s)\n${formatViolations(where, violations)}`);
}

#!/usr/bin/env node
/**
 * `npm run test:changed`: the inner loop. Runs only what the changed files touch, in
 * minutes, where `npm test` runs everything.
 *
 *   npm run test:changed                  changes against HEAD (edited, staged and new files)
 *   npm run test:changed -- --since main  …and the commits since main
 *   npm run test:changed -- --pg          server tests on PostgreSQL too
 *   npm run test:changed -- --dry         print the plan only
 *   npm run test:changed -- --all-browser every browser file a web change touches, not the first 3
 *
 * What runs, from the changed files:
 *   every changed file          eslint (cached) and prettier --check on those files
 *   a workspace's source        tsc -b of that workspace (incremental)
 *   packages/protocol           protocol tests, then as for server and web
 *   packages/server             server tests on SQLite (only the changed test files
 *                               when nothing under src/ changed)
 *   packages/web                web unit tests that import the changed files, a web
 *                               build, and the browser files that use one of the
 *                               data-testids those files render, the 3 that use the most (+ smoke)
 *   e2e/                        the changed browser files and those importing a changed
 *                               support file
 * Browser files need built apps: the script builds what changed. Ends with
 * `N passed, N failed` like npm test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const since = argv.includes('--since') ? argv[argv.indexOf('--since') + 1] : undefined;
const dry = flag('--dry');

const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

// ---- what changed --------------------------------------------------------------
const changed = [
  ...new Set([
    ...git('diff', '--name-only', since ? `${since}...HEAD` : 'HEAD'),
    ...(since ? git('diff', '--name-only', 'HEAD') : []),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => existsSync(join(ROOT, f)));

const under = (prefix) => changed.filter((f) => f.startsWith(prefix));
const code = (f) => /\.(ts|tsx|mjs|js)$/.test(f);
const protocol = under('packages/protocol/').filter(code);
const serverSrc = under('packages/server/src/').filter(code);
const serverTests = under('packages/server/test/').filter(code);
const webSrc = under('packages/web/').filter(code);
const e2eFiles = under('e2e/').filter(code);

// ---- the plan ------------------------------------------------------------------
const steps = [];
const step = (name, cmd, args, env = {}) => steps.push({ name, cmd, args, env });
const vitest = (name, project, files, env = {}) =>
  step(name, join(BIN, 'vitest'), ['run', '--project', project, '--passWithNoTests', ...files], env);

const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
if (lintable.length)
  step('lint', join(BIN, 'eslint'), ['--cache', '--cache-location', '.test-data/eslintcache', ...lintable]);
if (changed.length)
  step('format', join(BIN, 'prettier'), ['--check', '--ignore-unknown', '--log-level', 'warn', ...changed]);

const projects = new Set();
if (protocol.length) projects.add('packages/protocol').add('packages/protocol/test');
if (serverSrc.length || serverTests.length) projects.add('packages/server');
if (webSrc.length) projects.add('packages/web');
if (e2eFiles.length) projects.add('e2e');
if (under('bench/').some(code)) projects.add('bench');
if (under('scripts/').some((f) => f.endsWith('.ts'))) projects.add('scripts');
if (projects.size) step('typecheck', join(BIN, 'tsc'), ['-b', ...projects]);
if (under('packages/web/src/i18n/locales/').length || under('packages/protocol/src/errors').length)
  step('locales', join(BIN, 'tsx'), ['scripts/check-locales.ts']);

if (protocol.length) vitest('protocol', 'protocol', []);

const serverAll = protocol.length > 0 || serverSrc.length > 0;
const serverFiles = serverAll ? [] : serverTests.filter((f) => f.endsWith('.test.ts'));
if (serverAll || serverFiles.length) {
  // Two or three files at a time, as npm test runs them.
  vitest('server:sqlite', 'server', ['--maxWorkers=2', ...serverFiles], { TEST_DB: 'sqlite' });
  if (flag('--pg')) vitest('server:postgres', 'server', ['--maxWorkers=3', ...serverFiles], { TEST_DB: 'postgres' });
}

const browserFiles = new Set(e2eFiles.filter((f) => f.startsWith('e2e/tests/') && f.endsWith('.test.ts')));
const e2eTests = readdirSync(join(ROOT, 'e2e/tests'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `e2e/tests/${f}`);
const textOf = new Map(e2eTests.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

// A changed support file: the browser files that import it (directly or through index.ts).
for (const support of e2eFiles.filter((f) => f.startsWith('e2e/support/'))) {
  const name = support.replace(/^e2e\/support\//, '').replace(/\.ts$/, '');
  const viaIndex = readFileSync(join(ROOT, 'e2e/support/index.ts'), 'utf8').includes(`./${name}.js`);
  for (const [f, text] of textOf) {
    if (text.includes(`support/${name}.js`) || (viaIndex && text.includes('support/index.js'))) browserFiles.add(f);
  }
}

// Changed web source: the browser files that use one of the test ids it renders.
/** Browser files picked for a web change (about 20–50 s each); --all-browser runs every match. */
const MAX_BROWSER_FILES = 3;
const skippedBrowser = [];
const webTests = [];
if (webSrc.length || protocol.length) {
  const ids = new Set();
  for (const f of webSrc) {
    const text = readFileSync(join(ROOT, f), 'utf8');
    for (const m of text.matchAll(/(?:data-testid|testId)=\{?["'`]([\w-]+)/g)) ids.add(m[1]);
    for (const m of text.matchAll(/testId:\s*["'`]([\w-]+)/g)) ids.add(m[1]);
  }
  // The files that use the most of those ids first; past MAX_BROWSER_FILES the rest is named, not run.
  const uses = (text) => [...ids].filter((id) => text.includes(`'${id}`) || text.includes(`\`${id}`)).length;
  const ranked = [...textOf]
    .map(([f, text]) => [f, uses(text)])
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1]);
  const limit = flag('--all-browser') ? Infinity : MAX_BROWSER_FILES;
  for (const [f] of ranked.slice(0, limit)) browserFiles.add(f);
  skippedBrowser.push(...ranked.slice(limit).map(([f]) => f));
  browserFiles.add('e2e/tests/smoke.test.ts');
  webTests.push(...webSrc.filter((f) => /\.test\.tsx?$/.test(f)));
  const sources = webSrc.filter((f) => !/\.test\.tsx?$/.test(f));
  if (sources.length)
    step('web', join(BIN, 'vitest'), ['related', '--run', '--project', 'web', '--passWithNoTests', ...sources]);
  if (webTests.length) vitest('web tests', 'web', webTests);
}

if (browserFiles.size) {
  if (webSrc.length || protocol.length) step('build:web', 'npm', ['run', 'build', '-w', '@parley/web']);
  step('build:server', process.execPath, ['packages/server/build.mjs', '--if-stale']);
  vitest('e2e', 'e2e', ['--maxWorkers=2', ...[...browserFiles].sort()], {});
}

// ---- running -------------------------------------------------------------------
console.log(`changed: ${changed.length} file(s)${since ? ` since ${since}` : ''}`);
for (const s of steps) console.log(`  ${s.name}: ${[relative(ROOT, s.cmd) || s.cmd, ...s.args].join(' ')}`);
if (skippedBrowser.length)
  console.log(`  not run (they use those test ids too; --all-browser runs them): ${skippedBrowser.join(' ')}`);
if (dry || steps.length === 0) {
  if (steps.length === 0) console.log('nothing to run\n0 passed, 0 failed');
  process.exit(0);
}
const started = Date.now();
let passed = 0;
let failed = 0;
for (const s of steps) {
  console.log(`\n━━ ${s.name} ━━`);
  const t0 = Date.now();
  const r = spawnSync(s.cmd, s.args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...s.env } });
  const ok = r.status === 0;
  if (ok) passed++;
  else failed++;
  console.log(`${s.name}: ${ok ? 'ok' : `failed (exit ${r.status})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`\ntime: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, in order, with one tally.
 *
 *   npm test                      all stages
 *   npm test -- --only server     stages whose name contains "server" (comma list allowed)
 *   npm test -- --skip e2e,build  everything except those
 *   npm test -- --list            print the stage names
 *
 * A check stage (setup, typecheck of every project in one tsc -b, lint, format, locales,
 * builds) counts as 1 passed or 1 failed; the checks run two at a time (TEST_TOGETHER),
 * as do the two builds, each printed whole when it ends. Server and browser files start
 * longest first (scripts/test-order.ts). A vitest stage counts its tests from vitest's
 * JSON report (numPassedTests / numFailedTests); a crash, a failed suite that has
 * no failed test, or a missing report counts as one more failure. The last line
 * printed is `N passed, N failed`; it is also written to .test-data/summary.txt
 * (used by .ci/run). Exit code 1 when anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.test-data');
const BIN = join(ROOT, 'node_modules', '.bin');
const STAGE_TIMEOUT_MS = Number(process.env.TEST_STAGE_TIMEOUT_MS ?? 15 * 60_000);
/** The browser stage (38 files, a server and Chromium each) took 11–15+ min on a loaded 2-core machine. */
const E2E_TIMEOUT_MS = Number(process.env.TEST_E2E_TIMEOUT_MS ?? 30 * 60_000);
/** What a whole `npm test` may take on a quiet 2-core machine (issue 19); the summary says how far a run is from it. */
const BUDGET_MIN = Number(process.env.TEST_BUDGET_MIN ?? 12);
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Browser test files at a time (each worker has its own Chromium): 556 → 332 s from one to
 * two on a quiet 2-core machine; 553 → 452 s from two to three (issue 22's 61 files: a file
 * spends over a third of its time in hooks, starting its server and signing people in,
 * where a third worker's Chromium finds a core free).
 */
const E2E_WORKERS = Number(process.env.TEST_E2E_WORKERS ?? 3);
/**
 * Server test files at a time, per database; TEST_SERVER_WORKERS sets both. SQLite: 90 → 69 s
 * from two to three; PostgreSQL: 124 → 138 s from three to four, so it stays at three.
 */
const SERVER_WORKERS = {
  sqlite: Number(process.env.TEST_SERVER_WORKERS ?? 3),
  postgres: Number(process.env.TEST_SERVER_WORKERS ?? 3),
};

/** tsc -b projects, one check each; every workspace must have one. */
const TS_PROJECTS = [
  'packages/protocol',
  'packages/protocol/test',
  'packages/server',
  'packages/web',
  'e2e',
  'bench',
  'scripts',
];

/** Unit-test files (protocol, web) at a time. */
const UNIT_WORKERS = Number(process.env.TEST_UNIT_WORKERS ?? 2);

const check = (name, cmd, args, opts = {}) => ({ kind: 'check', name, cmd, args, ...opts });
const vitest = (name, project, env = {}, opts = {}) => ({ kind: 'vitest', name, project, env, ...opts });

/** Stages of one `together` group run side by side (CPU-bound, one core each), their output kept apart. */
const TOGETHER = Math.max(1, Number(process.env.TEST_TOGETHER ?? availableParallelism()));

const STAGES = [
  check('setup', 'bash', ['scripts/setup-test-env.sh']),
  // One tsc -b for all projects: the shared references are checked once, not once per project.
  check('typecheck', bin('tsc'), ['-b', ...TS_PROJECTS], {
    together: 'checks',
    needs: TS_PROJECTS.map((p) => `${p}/tsconfig.json`),
  }),
  // Caches under .test-data: a second run on one checkout looks only at changed files.
  check('lint', bin('eslint'), ['--cache', '--cache-location', '.test-data/eslintcache', '.'], { together: 'checks' }),
  check(
    'format',
    bin('prettier'),
    ['--check', '--cache', '--cache-location', '.test-data/prettiercache', '.', '--log-level', 'warn'],
    { together: 'checks' },
  ),
  check('locales', bin('tsx'), ['scripts/check-locales.ts'], { together: 'checks' }),
  // vitest's default on 2 cores is one worker; the unit files spend most of their time importing
  // (web, on a loaded 2-core machine: 117 s on one worker, 51 s on two, 16–20 s on two sharing
  // each worker's module cache, vitest.config.ts).
  vitest('protocol', 'protocol', {}, { workers: UNIT_WORKERS }),
  // Server test files run two or three at a time (vitest's default on 2 cores is one): each
  // has its own server, database and key prefix, and the PostgreSQL files wait on the
  // database a good part of the time (181 → 103 s and 238 → 144 s on a quiet 2-core machine).
  vitest('server:sqlite', 'server', { TEST_DB: 'sqlite' }, { workers: SERVER_WORKERS.sqlite }),
  vitest(
    'server:postgres',
    'server',
    { TEST_DB: 'postgres', TEST_PG_URL: PG_URL },
    { workers: SERVER_WORKERS.postgres },
  ),
  vitest('web', 'web', {}, { workers: UNIT_WORKERS }),
  check('build:web', 'npm', ['run', 'build', '-w', '@parley/web'], { together: 'build' }),
  check('build:server', 'npm', ['run', 'build', '-w', '@parley/server'], { together: 'build' }),
  vitest('e2e', 'e2e', {}, { after: ['build:web', 'build:server'], timeoutMs: E2E_TIMEOUT_MS, workers: E2E_WORKERS }),
];

function bin(name) {
  return join(BIN, name);
}

// ---- arguments ---------------------------------------------------------------
const argv = process.argv.slice(2);
const listArg = (flag) => {
  const i = argv.indexOf(flag);
  if (i < 0) return null;
  return (argv[i + 1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};
if (argv.includes('--list')) {
  for (const s of STAGES) console.log(s.name);
  process.exit(0);
}
const only = listArg('--only');
const skip = listArg('--skip') ?? [];
const selected = STAGES.filter(
  (s) => (!only || only.some((o) => s.name.includes(o))) && !skip.some((o) => s.name.includes(o)),
);
// The setup stage always runs when a later stage needs the machine.
if (only && !selected.some((s) => s.name === 'setup') && selected.some((s) => s.kind === 'vitest'))
  selected.unshift(STAGES[0]);

// ---- running -----------------------------------------------------------------
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const banner = (s) => console.log(`\n${paint('1;36', `━━ ${s} ━━`)}`);

/**
 * Runs a command; resolves with its exit code (124 on timeout). Its output goes straight
 * to ours, or, with `capture`, into capture.text (stages that run side by side).
 */
function run(cmd, args, env = {}, timeoutMs = STAGE_TIMEOUT_MS, capture = null) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      env: { ...process.env, ...(capture && color ? { FORCE_COLOR: '1' } : {}), ...env },
      detached: process.platform !== 'win32',
    });
    if (capture) {
      child.stdout.on('data', (d) => (capture.text += d));
      child.stderr.on('data', (d) => (capture.text += d));
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n[test] ${cmd} ${args.join(' ')}: timed out after ${timeoutMs / 1000}s`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    children.add(child);
    child.on('error', (e) => {
      const line = `[test] cannot run ${cmd}: ${e.message}\n`;
      if (capture) capture.text += line;
      else console.error(line);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve(timedOut ? 124 : (code ?? (signal ? 128 : 1)));
    });
  });
}

const children = new Set();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

async function runCheck(stage, capture) {
  const missing = [stage.needs ?? []].flat().filter((f) => !existsSync(join(ROOT, f)));
  if (missing.length) {
    console.error(`[test] ${missing.join(', ')} missing`);
    return { passed: 0, failed: 1, note: `${missing.join(', ')} missing` };
  }
  const code = await run(stage.cmd, stage.args, stage.env, STAGE_TIMEOUT_MS, capture);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit ${code}` };
}

async function runVitest(stage, capture = null) {
  const report = join(OUT, `vitest-${stage.name.replace(/[^\w-]+/g, '_')}.json`);
  rmSync(report, { force: true });
  const code = await run(
    bin('vitest'),
    [
      'run',
      '--project',
      stage.project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(stage.workers ? [`--maxWorkers=${stage.workers}`] : []),
    ],
    stage.env,
    stage.timeoutMs,
    capture,
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch (e) {
    return { passed: 0, failed: 1, note: `unreadable report: ${e.message}` };
  }
  const passed = Number(json.numPassedTests ?? 0);
  let failed = Number(json.numFailedTests ?? 0);
  const notes = [];
  if (json.numTotalTests === 0) notes.push('no tests');
  // A file that fails to load or a hook that throws may have no failed test.
  const badSuites = Number(json.numFailedTestSuites ?? 0);
  if (failed === 0 && (code !== 0 || badSuites > 0 || json.success === false)) {
    failed = 1;
    notes.push(badSuites > 0 ? `${badSuites} suite(s) failed to run` : `vitest exit ${code}`);
  }
  return { passed, failed, note: notes.join('; ') };
}

mkdirSync(OUT, { recursive: true });
const results = [];
const started = Date.now();

async function runStage(stage, capture = null) {
  const t0 = Date.now();
  let r;
  const dep = results.find((x) => (stage.after ?? []).includes(x.name) && x.failed > 0);
  if (dep) r = { passed: 0, failed: 1, note: `skipped, ${dep.name} failed` };
  else r = stage.kind === 'vitest' ? await runVitest(stage, capture) : await runCheck(stage, capture);
  return { name: stage.name, ...r, seconds: (Date.now() - t0) / 1000 };
}

for (let i = 0; i < selected.length; i++) {
  const stage = selected[i];
  if (!stage.together) {
    banner(stage.name);
    const r = await runStage(stage);
    if (r.note?.startsWith('skipped')) console.error(`[test] ${r.note}`);
    results.push(r);
    continue;
  }
  // A run of stages of one group: TOGETHER at a time, each printed whole when it ends.
  const group = [];
  while (i < selected.length && selected[i].together === stage.together) group.push(selected[i++]);
  i--;
  const done = new Array(group.length);
  let next = 0;
  const worker = async () => {
    while (next < group.length) {
      const k = next++;
      const capture = { text: '' };
      const r = await runStage(group[k], capture);
      banner(`${group[k].name} (${r.seconds.toFixed(1)} s, beside others)`);
      if (capture.text) process.stdout.write(capture.text.endsWith('\n') ? capture.text : `${capture.text}\n`);
      done[k] = r;
    }
  };
  await Promise.all(Array.from({ length: Math.min(TOGETHER, group.length) }, worker));
  results.push(...done);
}

// ---- summary -----------------------------------------------------------------
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const width = Math.max(5, ...results.map((r) => r.name.length));
const line = (a, b, c, d, e = '') =>
  `${a.padEnd(width)}  ${String(b).padStart(6)}  ${String(c).padStart(6)}  ${String(d).padStart(8)}  ${e}`;
console.log(`\n${paint('1', 'Summary')}`);
console.log(line('stage', 'passed', 'failed', 'seconds', 'note'));
console.log('-'.repeat(width + 32));
for (const r of results) {
  const row = line(r.name, r.passed, r.failed, r.seconds.toFixed(1), r.note ?? '');
  console.log(r.failed > 0 ? paint('31', row) : row);
}
console.log('-'.repeat(width + 32));
const totalS = (Date.now() - started) / 1000;
console.log(line('total', passed, failed, totalS.toFixed(1)));
// The suite's time is a feature (issue 19): every run says how far it is from the budget.
const budgetS = BUDGET_MIN * 60;
const gap = Math.abs(totalS - budgetS);
const gapText = `${Math.floor(gap / 60)} min ${Math.round(gap % 60)} s`;
console.log(
  totalS <= budgetS
    ? `time: ${(totalS / 60).toFixed(1)} min, ${gapText} within the ${BUDGET_MIN}-minute budget`
    : paint('33', `time: ${(totalS / 60).toFixed(1)} min, ${gapText} over the ${BUDGET_MIN}-minute budget`),
);
const final = `${passed} passed, ${failed} failed`;
writeFileSync(join(OUT, 'summary.txt'), final + '\n');
writeFileSync(join(OUT, 'summary.json'), JSON.stringify({ passed, failed, stages: results }, null, 2) + '\n');
console.log(final);
process.exit(failed > 0 ? 1 : 0);

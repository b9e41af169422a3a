#!/usr/bin/env node
/**
 * `npm run test:durations`: records each server and browser test file's duration from the
 * last `npm test`'s reports (.test-data/vitest-*.json; the longer of SQLite and PostgreSQL)
 * into scripts/test-durations.json, the order scripts/test-order.ts starts files in.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = {};
for (const stage of ['server_sqlite', 'server_postgres', 'e2e']) {
  const file = join(ROOT, '.test-data', `vitest-${stage}.json`);
  if (!existsSync(file)) continue;
  for (const r of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
    const key = relative(ROOT, r.name);
    const seconds = Math.round((r.endTime - r.startTime) / 100) / 10;
    out[key] = Math.max(out[key] ?? 0, seconds);
  }
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(ROOT, 'scripts', 'test-durations.json'), JSON.stringify(sorted, null, 2) + '\n');
console.log(`test-durations.json: ${Object.keys(sorted).length} files`);

/** Every setting the server reads from its environment is in README's configuration table. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

it('README lists every environment setting of config.ts', () => {
  const config = readFileSync(join(ROOT, 'packages/server/src/config.ts'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| `PORT`'));
  // int(env, 'X', …), str(env, 'X'), onOff(env, 'X', …) and env.X
  const names = new Set([
    ...[...config.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!),
    ...[...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
  ]);
  expect(names.size).toBeGreaterThan(40);
  const missing = [...names].filter((n) => !table.includes(`\`${n}\``)).sort();
  expect(missing).toEqual([]);
});

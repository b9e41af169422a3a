#!/usr/bin/env node
/**
 * Compiles the server to one ES module, packages/server/dist/main.js (esbuild), so
 * production and the browser tests run plain JavaScript rather than a TypeScript loader
 * (a start takes a third of the time). The workspace's @parley/protocol (TypeScript
 * source) is bundled in; every other dependency stays in node_modules.
 *
 *   node packages/server/build.mjs           build
 *   node packages/server/build.mjs --if-stale build only when a source is newer than dist
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newest } from '../../scripts/newest.mjs';

const SERVER = dirname(fileURLToPath(import.meta.url));
const OUT = join(SERVER, 'dist/main.js');
const SOURCES = [join(SERVER, 'src'), join(SERVER, 'package.json'), join(SERVER, '../protocol/src')];

export function serverBuildIsStale() {
  return !existsSync(OUT) || statSync(OUT).mtimeMs < Math.max(...SOURCES.map(newest));
}

export async function buildServer() {
  const pkg = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
    (name) => name !== '@parley/protocol',
  );
  // Written in a folder beside and renamed: a server starting meanwhile never reads half a file.
  const tmpDir = join(SERVER, `dist/.build-${process.pid}`);
  await build({
    entryPoints: [join(SERVER, 'src/main.ts')],
    outfile: join(tmpDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    // Some dependencies are CommonJS and call require(); give the bundle one.
    banner: {
      js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);",
    },
  });
  renameSync(join(tmpDir, 'main.js.map'), `${OUT}.map`);
  renameSync(join(tmpDir, 'main.js'), OUT);
  rmSync(tmpDir, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-stale') && !serverBuildIsStale()) process.exit(0);
  await buildServer();
}

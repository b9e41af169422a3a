#!/usr/bin/env node
/**
 * `npm start`: build the web app when packages/web/dist is missing or older than
 * its sources, and the server likewise (packages/server/dist), then run the compiled
 * server (which serves the app and the API on one port).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './newest.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST_INDEX = join(ROOT, 'packages/web/dist/index.html');
const SOURCES = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/protocol/src',
];

const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((p) => newest(join(ROOT, p))));
if (built === 0 || built < sources) {
  console.log(built === 0 ? 'Building the web app…' : 'Web sources changed, rebuilding the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@parley/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The web app build failed; see above.');
    process.exit(r.status ?? 1);
  }
}

// The server runs compiled (packages/server/build.mjs), rebuilt when its sources changed.
const serverBuild = spawnSync(process.execPath, ['packages/server/build.mjs', '--if-stale'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (serverBuild.status !== 0) {
  console.error('The server build failed; see above.');
  process.exit(serverBuild.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (server.exitCode === null) server.kill(sig);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});

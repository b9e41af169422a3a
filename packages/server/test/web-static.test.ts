/** The built web app is served at `/` without shadowing the API. */
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Parley web</title>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ts = await startServer({ webDist: dist });
});
afterAll(async () => {
  await ts?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

it('serves index.html at / (revalidated) and hashed assets (immutable)', async () => {
  const home = await fetch(`${ts.url}/`);
  expect(await home.text()).toContain('Parley web');
  expect(home.headers.get('cache-control')).toBe('no-cache');
  const asset = await fetch(`${ts.url}/assets/app-abc123.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toContain('immutable');
});

it('does not shadow /api', async () => {
  const res = await new ApiClient(ts.url).call('userSelf');
  expect([res.status, res.body.key]).toEqual([401, 'loginExpired']);
  const missing = await fetch(`${ts.url}/api/does-not-exist`);
  expect(missing.status).toBe(404);
  expect(((await missing.json()) as { key: string }).key).toBe('notFound');
});

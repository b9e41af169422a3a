/**
 * Issue 23 point 7: a backup of a running server while a sender loop and uploads go on,
 * restored into a fresh data directory, holds every message acknowledged before the backup
 * began, every user (signing in, and an old session still valid: the secrets came along),
 * every file (bytes equal) and the VAPID key. SQLite: `npm run backup` / `npm run restore`
 * (the scripts themselves, as child processes). PostgreSQL: the procedure of docs/BACKUP.md,
 * Debian's pg_dump (custom format) and pg_restore, with `--files-only` for the local media.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessageType, Terminal } from '@parley/protocol';
import { createBackup, readBackup, restoreBackup } from '../src/backup/index.js';
import { migrationNames } from '../src/db/migrate.js';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody } from './support/messages.js';
import { adminQuery, databaseUrl } from './support/pg-template.js';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { imageForm } from './support/user-world.js';

const exec = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Messages acknowledged before the backup starts; the senders keep going while it runs. */
const BEFORE_BACKUP = 30;
const FILES_BEFORE_BACKUP = 3;

interface Sent {
  id: number;
  content: string;
}
interface Uploaded {
  url: string;
  bytes: Buffer;
}

let ts: TestServer;
let client: ApiClient;
let work: string;
let tsClosed = false;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-backup-'));
});
afterAll(async () => {
  if (!tsClosed) await ts?.close();
  for (const c of cleanups.reverse()) await c();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

/** The repository's scripts as `npm run` starts them (tsx), with DATA_DIR / DATABASE_URL as given. */
const script = (name: string, args: string[], env: Record<string, string>) =>
  exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', name), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });

const until = async (what: string, done: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Sends a text from a to b, one after another, until stopped; records each acknowledged one. */
function senderLoop(a: TestUser, b: TestUser, sent: Sent[], stop: () => boolean): Promise<void> {
  return (async () => {
    for (let i = 0; !stop(); i++) {
      const content = `backup ${i} ${crypto.randomBytes(4).toString('hex')}`;
      const m = await client.ok('privateSend', {
        token: a.tokens.accessToken,
        body: sendBody(b.id, MessageType.TEXT, content),
      });
      sent.push({ id: m.id, content });
    }
  })();
}

/** Uploads random files from b and sends each as a file message to a, until stopped. */
function uploadLoop(a: TestUser, b: TestUser, files: Uploaded[], sent: Sent[], stop: () => boolean): Promise<void> {
  return (async () => {
    for (let i = 0; !stop(); i++) {
      const bytes = crypto.randomBytes(2048 + i * 512);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `f${i}.bin`);
      const url = await client.ok('fileUpload', { token: b.tokens.accessToken, form });
      files.push({ url, bytes });
      const content = JSON.stringify({ name: `f${i}.bin`, size: bytes.length, url });
      const m = await client.ok('privateSend', {
        token: b.tokens.accessToken,
        body: sendBody(a.id, MessageType.FILE, content),
      });
      sent.push({ id: m.id, content });
    }
  })();
}

/** SQLite: the two npm scripts. PostgreSQL: pg_dump + `--files-only`, then pg_restore + restore. */
async function backupAndRestore(
  afterBackup: () => void,
): Promise<{ dataDir: string; databaseUrl?: string; backupDir: string }> {
  const backupDir = path.join(work, 'backup');
  const dataDir = path.join(work, 'restored');
  if (!usingPostgres()) {
    const out = await script('backup.ts', [backupDir], { DATA_DIR: ts.dataDir, DATABASE_URL: '' });
    expect(out.stdout).toMatch(/backup written to/);
    afterBackup();
    const back = await script('restore.ts', [backupDir], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(back.stdout).toMatch(/restored into/);
    return { dataDir, backupDir };
  }
  const sourceUrl = ts.config.databaseUrl!;
  const dump = path.join(work, 'parley.pgdump');
  // docs/BACKUP.md: the database first, then the files (every file it names is older).
  await exec('pg_dump', ['--format=custom', '--file', dump, sourceUrl]);
  await script('backup.ts', [backupDir, '--files-only'], { DATA_DIR: ts.dataDir, DATABASE_URL: sourceUrl });
  afterBackup();
  const name = `parley_restore_${crypto.randomBytes(6).toString('hex')}`;
  const restoredUrl = databaseUrl(name);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  // The database and the files restore independently: side by side.
  await Promise.all([
    (async () => {
      await adminQuery(`create database ${name}`);
      await exec('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, dump]);
    })(),
    script('restore.ts', [backupDir], { DATA_DIR: dataDir, DATABASE_URL: restoredUrl }),
  ]);
  return { dataDir, databaseUrl: restoredUrl, backupDir };
}

it('a backup taken under traffic restores every acknowledged message, user and file', async () => {
  const a = await registerUser(client, { nickName: 'A' });
  const b = await registerUser(client, { nickName: 'B' });
  const others = [await registerUser(client), await registerUser(client)];
  await befriend(client, a, b);
  const image = await client.ok('imageUpload', { token: a.tokens.accessToken, form: await imageForm() });
  const imageBytes = Buffer.from(await (await fetch(ts.url + image.originUrl)).arrayBuffer());
  const pushKey = await client.ok('userPushKey', { token: a.tokens.accessToken });

  const sent: Sent[] = [];
  const files: Uploaded[] = [];
  let stopped = false;
  const loops = [
    senderLoop(a, b, sent, () => stopped),
    senderLoop(b, a, sent, () => stopped),
    uploadLoop(a, b, files, sent, () => stopped),
  ];
  let restored: Awaited<ReturnType<typeof backupAndRestore>>;
  let before: { sent: Sent[]; files: Uploaded[] };
  let duringBackup = 0;
  try {
    await until('traffic', () => sent.length >= BEFORE_BACKUP && files.length >= FILES_BEFORE_BACKUP);
    // Everything acknowledged by now must be in the backup; the loops go on meanwhile.
    before = { sent: [...sent], files: [...files] };
    restored = await backupAndRestore(() => {
      duringBackup = sent.length - before.sent.length;
      stopped = true;
    });
  } finally {
    stopped = true;
    await Promise.all(loops);
  }
  expect(duringBackup, 'messages acknowledged while the backup ran').toBeGreaterThan(0);

  const manifest = await readBackup(restored.backupDir);
  expect(manifest.secrets.map((s) => s.path).sort()).toEqual(['secrets.json', 'vapid.json']);
  expect(manifest.media.count).toBeGreaterThanOrEqual(before.files.length + 2); // + the image and its thumbnail
  if (manifest.database.kind === 'sqlite') expect(manifest.database.migration).toBe(migrationNames.at(-1));
  else expect(usingPostgres()).toBe(true);

  const tokenA = a.tokens.accessToken;
  await ts.close();
  tsClosed = true;
  const back = await startServer({
    dataDir: restored.dataDir,
    ...(restored.databaseUrl ? { databaseUrl: restored.databaseUrl } : {}),
  });
  cleanups.push(() => back.close());
  const c = new ApiClient(back.url);

  // a's session from before still answers (same signing secret); same VAPID key.
  expect((await c.ok('userSelf', { token: tokenA })).id).toBe(a.id);
  expect(await c.ok('userPushKey', { token: tokenA })).toEqual(pushKey);

  // Messages: every acknowledged one, by id, with its content.
  const stored = new Map<number, string>();
  for (let page = 1; ; page++) {
    const rows = await c.ok('privateHistory', { token: tokenA, query: { friendId: b.id, page, size: 100 } });
    for (const m of rows) stored.set(m.id, m.content);
    if (rows.length < 100) break;
  }
  const missing = before.sent.filter((m) => stored.get(m.id) !== m.content);
  expect(missing, 'acknowledged messages missing or changed after restore').toEqual([]);

  // Users: each signs in with its password (on the app terminal: a's web session stays).
  for (const u of [a, b, ...others]) await login(c, u.userName, u.password, Terminal.APP);

  // Files: every upload acknowledged before the backup, byte for byte, and the image.
  for (const f of [...before.files, { url: image.originUrl, bytes: imageBytes }]) {
    const res = await fetch(back.url + f.url);
    expect(res.status, f.url).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(f.bytes), f.url).toBe(true);
  }
}, 60_000);

it('backup refuses an existing directory, one inside DATA_DIR, and PostgreSQL without --files-only', async () => {
  const dataDir = await fs.mkdtemp(path.join(work, 'data-'));
  await fs.writeFile(path.join(dataDir, 'secrets.json'), '{}');
  await expect(createBackup({ dataDir, databaseUrl: undefined }, work)).rejects.toThrow(/exists/);
  await expect(createBackup({ dataDir, databaseUrl: undefined }, path.join(dataDir, 'b'))).rejects.toThrow(
    /outside DATA_DIR/,
  );
  const pg = { dataDir, databaseUrl: 'postgres://db.invalid/parley' };
  await expect(createBackup(pg, path.join(work, 'pg'))).rejects.toThrow(/pg_dump/);
  const files = await createBackup(pg, path.join(work, 'pg'), { filesOnly: true });
  expect(files.database).toEqual({ kind: 'external' });
  expect(files.secrets.map((f) => f.path)).toEqual(['secrets.json']);
  // A files-only backup never restores as if it held the database.
  await expect(
    restoreBackup({ dataDir: path.join(work, 'x'), databaseUrl: undefined }, path.join(work, 'pg')),
  ).rejects.toThrow(/pg_restore/);
});

it('restore refuses a non-empty data directory and a damaged backup', async () => {
  const backupDir = path.join(work, 'backup');
  const config = { databaseUrl: usingPostgres() ? 'postgres://unused.invalid/x' : undefined };
  const busy = await fs.mkdtemp(path.join(work, 'busy-'));
  await fs.writeFile(path.join(busy, 'keep.txt'), 'mine');
  await expect(restoreBackup({ ...config, dataDir: busy }, backupDir)).rejects.toThrow(/not empty/);
  expect(await fs.readdir(busy)).toEqual(['keep.txt']);

  const manifest = await readBackup(backupDir);
  const victim = manifest.media.files[0]!;
  const file = path.join(backupDir, victim.path);
  const bytes = await fs.readFile(file);
  bytes[0] = bytes[0]! ^ 0xff;
  await fs.writeFile(file, bytes);
  const empty = path.join(work, 'empty');
  await expect(restoreBackup({ ...config, dataDir: empty }, backupDir)).rejects.toThrow(/differs from its manifest/);
  expect(await fs.readdir(empty).catch(() => [])).toEqual([]);
  // --force over a non-empty one replaces what a backup holds and keeps the rest.
  bytes[0] = bytes[0]! ^ 0xff;
  await fs.writeFile(file, bytes);
  await restoreBackup({ ...config, dataDir: busy }, backupDir, { force: true });
  expect((await fs.readdir(busy)).sort()).toEqual(
    [
      ...(manifest.database.kind === 'sqlite' ? ['parley.db'] : []),
      'keep.txt',
      'secrets.json',
      'uploads',
      'vapid.json',
    ].sort(),
  );
  expect((await fs.readFile(path.join(busy, victim.path))).equals(bytes)).toBe(true);
});

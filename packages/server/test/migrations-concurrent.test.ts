/**
 * Migrations under concurrency (issue 23 point 6): nodes started at the same moment on
 * an empty PostgreSQL database migrate it once; the others wait for the advisory lock and
 * find nothing left to do. Real PostgreSQL only (SQLite is one process's file: a second
 * node cannot share it).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.js';
import { loadConfig, migrateToLatest, openDb } from '../src/index.js';
import { adminQuery, databaseUrl } from './support/pg-template.js';

const onPg = process.env.TEST_DB === 'postgres';
const made: string[] = [];
afterAll(async () => {
  for (const name of made) await adminQuery(`drop database if exists ${name} with (force)`);
});

const node = (name: string): Db =>
  openDb(loadConfig({}, { databaseUrl: databaseUrl(name), dataDir: path.join(os.tmpdir(), name) }));

describe.runIf(onPg)('migrations under concurrency (PostgreSQL)', () => {
  it('three nodes started at once on an empty database: every migration ran once, all three start', async () => {
    for (let round = 0; round < 2; round++) {
      const name = `parley_mig_${crypto.randomBytes(6).toString('hex')}`;
      made.push(name);
      await adminQuery(`create database ${name}`);
      const nodes = [node(name), node(name), node(name)];
      try {
        const outcomes = await Promise.allSettled(nodes.map((db) => migrateToLatest(db)));
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          nodes[0]!.kysely,
        );
        const names = ran.rows.map((r) => r.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names.at(-1)).toMatch(/^00\d\d_/);
        // The schema is whole: a table of the last migration answers.
        await nodes[1]!.kysely.selectFrom('password_resets').select('id').execute();
      } finally {
        await Promise.all(nodes.map((db) => db.kysely.destroy()));
      }
    }
  });
});

/**
 * Vitest global setup of the server project. On PostgreSQL (TEST_DB=postgres) it creates
 * one database, migrated to the latest schema, as the template that every test server's
 * database is cloned from (support/server.ts: CREATE DATABASE … TEMPLATE): the migrations
 * run once per run instead of once per server. Dropped at the end of the run.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, migrateToLatest, openDb } from '../../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name; '' on SQLite. */
    pgTemplate: string;
  }
}

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('pgTemplate', '');
  if (process.env.TEST_DB !== 'postgres') return undefined;
  const name = `parley_tpl_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const db = openDb(loadConfig({}, { databaseUrl: databaseUrl(name), dataDir: path.join(os.tmpdir(), name) }));
  try {
    await migrateToLatest(db);
  } finally {
    await db.kysely.destroy();
  }
  project.provide('pgTemplate', name);
  return () => adminQuery(`drop database if exists ${name} with (force)`);
}

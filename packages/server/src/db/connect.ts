/** Opens the database chosen by config: PostgreSQL when DATABASE_URL is set, else SQLite (WAL). */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start banner (no credentials). */
  describe: string;
}

// pg returns int8 (bigint: ids, epoch-ms times) and numeric as strings; our values fit in a double.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openDb(config: Config): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, types: pgTypes, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, admin kill) emits
    // 'error'; pg drops it and the next query opens a new one. Unhandled, it would crash the process.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    const url = new URL(config.databaseUrl);
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      describe: `postgresql://${url.host}${url.pathname}`,
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'parley.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    describe: `sqlite ${file}`,
  };
}

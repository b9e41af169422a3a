/** Opens the database chosen by config: PostgreSQL when DATABASE_URL is set, else SQLite (WAL). */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyConfig, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { statementNames } from './prepared.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start banner (no credentials). */
  describe: string;
  /** SQLite only: the raw handle behind `kysely`, for the group commit of db/write-batch.ts. */
  sqlite?: SQLite.Database;
}

// pg returns int8 (bigint: ids, epoch-ms times) and numeric as strings; our values fit in a double.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Told each query's latency in seconds (metrics); Kysely times a query only when this is given. */
export type QueryTimer = (seconds: number) => void;

const logTo = (onQuery: QueryTimer | undefined): KyselyConfig['log'] =>
  onQuery && ((event) => onQuery(event.queryDurationMillis / 1000));

export function openDb(config: Config, onQuery?: QueryTimer): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, types: pgTypes, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, admin kill) emits
    // 'error'; pg drops it and the next query opens a new one. Unhandled, it would crash the process.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    pool.on('connect', (client) => nameHotStatements(client));
    const url = new URL(config.databaseUrl);
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logTo(onQuery) }),
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
  // Fewer, larger checkpoints (a hot index page is copied back once, not once per
  // 1,000 WAL pages) and reads through a memory map instead of a read call each:
  // about a fifth off a message insert (issue 12).
  sqlite.pragma('wal_autocheckpoint = 4000');
  sqlite.pragma('mmap_size = 268435456');
  return {
    kysely: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log: logTo(onQuery),
    }),
    dialect: 'sqlite',
    describe: `sqlite ${file}`,
    sqlite,
  };
}

/**
 * The hot queries of db/prepared.ts run as named statements on each connection: parsed
 * and planned by PostgreSQL once per connection instead of on every call.
 */
function nameHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? statementNames.get(text) : undefined;
    return name ? query({ name, text, values }, ...args.slice(2)) : query(...args);
  };
}

/** Distinct statements kept prepared; the hot paths use a few dozen. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew on each call (a CPU profile of a
 * send showed 15 % in `prepare`). The same SQL text gets the same prepared statement
 * here, least recently used dropped first. A statement still being iterated (a streamed
 * select) is busy; then a fresh, uncached one is used.
 */
export function withStatementCache(db: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(source: string) {
      const hit = cache.get(source);
      if (hit && !hit.busy) {
        cache.delete(source); // re-inserted: now the most recently used
        cache.set(source, hit);
        return hit;
      }
      const stmt = db.prepare(source);
      if (!hit) {
        cache.set(source, stmt);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return stmt;
    },
  };
}

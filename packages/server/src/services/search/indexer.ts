/**
 * SQLite search indexing in batches (migration 0017): every message past
 * `search_indexed.upto` goes into its FTS5 table in one transaction. Runs every
 * INDEX_INTERVAL_MS and before every search (`flush`), so a search sees every
 * message stored before it while a send pays nothing for the index. SQLite has one
 * writer and one node, so "past upto" is exactly what is not indexed yet. On
 * PostgreSQL the trigram indexes are kept by the database itself: nothing to do.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { SEARCHABLE_TYPES, searchTextSql } from './sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;
const INDEX_INTERVAL_MS = 250;

export class SearchIndexer {
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  start(onError: (err: unknown) => void): void {
    if (this.dialect !== 'sqlite' || this.timer) return;
    this.timer = setInterval(() => this.flush().catch(onError), INDEX_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running.catch(() => undefined);
  }

  /** Indexes everything stored so far; one pass at a time. */
  flush(): Promise<void> {
    if (this.dialect !== 'sqlite') return Promise.resolve();
    const next = this.running.catch(() => undefined).then(() => this.pass());
    this.running = next;
    return next;
  }

  private async pass(): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const table of TABLES) {
        const { rows } = await sql<{ upto: number; top: number | null }>`
          SELECT s.upto AS upto, (SELECT max(id) FROM ${sql.table(table)}) AS top
          FROM search_indexed s WHERE s.tbl = ${table}`.execute(tx);
        const upto = Number(rows[0]?.upto ?? 0);
        const top = Number(rows[0]?.top ?? 0);
        if (top <= upto) continue;
        await sql
          .raw(
            `INSERT INTO ${table}_fts(rowid, body) SELECT id, ${searchTextSql('sqlite', table)} FROM ${table}
             WHERE id > ${upto} AND id <= ${top} AND type IN (${SEARCHABLE_TYPES}) AND content != ''`,
          )
          .execute(tx);
        await sql`UPDATE search_indexed SET upto = ${top} WHERE tbl = ${table}`.execute(tx);
      }
    });
  }
}

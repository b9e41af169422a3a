/**
 * Group commit for SQLite: queued statements run together in one transaction. A
 * commit costs several times an insert (the WAL pages of the table, its indexes and
 * checkpoints), so under load a batch of sends pays for one commit, not one each.
 * When a batch goes: batch-window.ts.
 * Each statement succeeds or fails on its own (SQLite rolls back only the failing
 * statement, e.g. a unique violation of a retried tmpId), and every caller hears its
 * result only after the commit, so nothing is pushed before it is stored.
 * PostgreSQL runs statements directly (its commit costs the database process, and an
 * error there would abort the whole transaction).
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import { BatchWindow } from './batch-window.js';
import type { Database } from './schema.js';

interface Job {
  query: CompiledQuery<unknown>;
  resolve: (r: QueryResult<unknown>) => void;
  reject: (err: unknown) => void;
  result?: QueryResult<unknown>;
  error?: unknown;
  failed?: boolean;
}

export class WriteBatch {
  private readonly window: BatchWindow<Job>;
  private readonly statements = new Map<string, SQLite.Statement>();

  /** `sqlite`: the raw handle of the SQLite database behind `db` (absent: PostgreSQL, no batching). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SQLite.Database | undefined,
    windowMs = 4,
  ) {
    this.window = new BatchWindow(windowMs, (jobs) => this.flush(jobs));
  }

  run<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    if (!this.sqlite) return this.db.executeQuery(query);
    return new Promise<QueryResult<R>>((resolve, reject) =>
      this.window.add({ query, resolve: resolve as Job['resolve'], reject }),
    );
  }

  /** Sends what is queued now and waits for every batch under way (a draining node). */
  drain(): Promise<void> {
    return this.window.drain();
  }

  private async flush(jobs: Job[]): Promise<void> {
    const sqlite = this.sqlite!;
    try {
      // Kysely's one SQLite connection, held so no transaction of its own is open meanwhile;
      // the batch itself runs synchronously, without a turn of the event loop in between.
      await this.db.connection().execute(async () => {
        sqlite.transaction(() => {
          for (const job of jobs) {
            try {
              const stmt = this.statement(job.query.sql);
              const params = job.query.parameters as unknown[];
              job.result = stmt.reader ? { rows: stmt.all(...params) } : { rows: [] };
              if (!stmt.reader) stmt.run(...params);
            } catch (err) {
              job.failed = true;
              job.error = err;
            }
          }
        })();
      });
    } catch (err) {
      // The commit itself failed: nothing of the batch is stored.
      for (const job of jobs) job.reject(err);
      return;
    }
    for (const job of jobs) {
      if (job.failed) job.reject(job.error);
      else job.resolve(job.result!);
    }
  }

  private statement(source: string): SQLite.Statement {
    let stmt = this.statements.get(source);
    if (!stmt) this.statements.set(source, (stmt = this.sqlite!.prepare(source)));
    return stmt;
  }
}

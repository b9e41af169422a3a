/**
 * Group insert for PostgreSQL: rows queued within `windowMs` of the last batch go in
 * with one statement (`INSERT … SELECT FROM unnest(arrays) … RETURNING *`), one round
 * trip and one commit for the batch. The statement text never changes, so it runs as
 * a named statement (db/connect.ts). A row whose unique key is taken already is left
 * out by ON CONFLICT DO NOTHING and its caller hears `undefined` (a retried tmpId),
 * so one conflict never fails the others. Callers hear their row after the commit.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { BatchWindow } from './batch-window.js';
import { statementNames } from './prepared.js';
import type { Database } from './schema.js';

interface Job<Row> {
  values: Record<string, unknown>;
  resolve: (row: Row | undefined) => void;
  reject: (err: unknown) => void;
}

export interface InsertBatchSpec {
  table: string;
  /** Column name → PostgreSQL array element type, in insert order. */
  columns: readonly (readonly [string, string])[];
  /** The conflict target of ON CONFLICT … DO NOTHING (with its index predicate). */
  conflict: string;
  /** How a returned row is matched to its job: the same value in these columns. */
  key: readonly string[];
}

export class PgInsertBatch<Row extends Record<string, unknown>> {
  private readonly window: BatchWindow<Job<Row>>;
  private readonly text: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly spec: InsertBatchSpec,
    windowMs = 4,
  ) {
    this.window = new BatchWindow(windowMs, (jobs) => this.flush(jobs));
    const cols = spec.columns.map(([c]) => c).join(', ');
    const arrays = spec.columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
    this.text =
      `INSERT INTO ${spec.table} (${cols}) SELECT ${cols} FROM unnest(${arrays}) WITH ORDINALITY AS t(${cols}, ord) ` +
      `ORDER BY ord ON CONFLICT ${spec.conflict} DO NOTHING RETURNING *`;
    if (!statementNames.has(this.text)) statementNames.set(this.text, `parley_${statementNames.size + 1}`);
  }

  /** The stored row, or undefined when the unique key was taken already. */
  insert(values: Record<string, unknown>): Promise<Row | undefined> {
    return new Promise<Row | undefined>((resolve, reject) => this.window.add({ values, resolve, reject }));
  }

  /** Sends what is queued now and waits for every batch under way (a draining node). */
  drain(): Promise<void> {
    return this.window.drain();
  }

  private async flush(jobs: Job<Row>[]): Promise<void> {
    try {
      const params = this.spec.columns.map(([c]) => jobs.map((j) => j.values[c] ?? null));
      const { rows } = await this.db.executeQuery<Row>(CompiledQuery.raw(this.text, params));
      const keyOf = (r: Record<string, unknown>) => this.spec.key.map((k) => String(r[k])).join('\u0000');
      const stored = new Map(rows.map((r) => [keyOf(r), r]));
      for (const job of jobs) job.resolve(stored.get(keyOf(job.values)));
    } catch (err) {
      for (const job of jobs) job.reject(err);
    }
  }
}

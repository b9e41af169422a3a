/** Column helpers that hide the SQLite/PostgreSQL differences from migrations. */
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

export type MigrationFactory = (dialect: DialectName) => {
  up(db: Kysely<unknown>): Promise<void>;
  down?(db: Kysely<unknown>): Promise<void>;
};

/** Auto-increment primary key: SQLite's rowid alias, or a PostgreSQL identity column. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/** Type of a column that references an id (matches withId). */
export const refType = (dialect: DialectName) => (dialect === 'sqlite' ? 'integer' : 'bigint');

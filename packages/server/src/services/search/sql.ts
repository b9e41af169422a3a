/** The searchable text of a message row, as SQL, shared by the migration and the queries. */
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connect.js';

/**
 * TEXT (0): the content; FILE (2): the file's name out of its JSON content. On
 * PostgreSQL a regular expression rather than a JSON cast, which would fail the whole
 * statement on one malformed row; the index, its statistics (migration 0016) and the
 * queries must spell it alike.
 */
export function searchTextSql(dialect: 'sqlite', row: string): string;
export function searchTextSql(dialect: 'postgres', row?: string): RawBuilder<string>;
export function searchTextSql(dialect: DialectName, row = ''): string | RawBuilder<string> {
  const p = row ? `${row}.` : '';
  if (dialect === 'sqlite') {
    return `CASE WHEN ${p}type = 0 THEN ${p}content WHEN json_valid(${p}content) THEN json_extract(${p}content, '$.name') END`;
  }
  return sql.raw(
    `(CASE WHEN ${p}type = 0 THEN ${p}content ELSE substring(${p}content from '"name":\\s*"([^"]*)"') END)`,
  );
}

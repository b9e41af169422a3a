/** The searchable text of a message row, as SQL, shared by the migrations and the queries. */
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connect.js';

/** Types whose rows carry searchable text: TEXT, IMAGE, FILE, VIDEO (migration 0027). */
export const SEARCHABLE_TYPES = '0, 1, 2, 4';

/**
 * TEXT (0): the content; FILE (2): the file's name, then its caption; IMAGE (1) and
 * VIDEO (4): the caption (issue 22 point 8), NULL without one. Read out of the JSON
 * content; on PostgreSQL by regular expression rather than a JSON cast, which would
 * fail the whole statement on one malformed row. The index, its statistics and the
 * queries must spell it alike (migration 0027 rebuilt them with this expression).
 */
export function searchTextSql(dialect: 'sqlite', row: string): string;
export function searchTextSql(dialect: 'postgres', row?: string): RawBuilder<string>;
export function searchTextSql(dialect: DialectName, row = ''): string | RawBuilder<string> {
  const p = row ? `${row}.` : '';
  if (dialect === 'sqlite') {
    const caption = `json_extract(${p}content, '$.caption')`;
    return `CASE WHEN ${p}type = 0 THEN ${p}content WHEN NOT json_valid(${p}content) THEN NULL
      WHEN ${p}type = 2 THEN json_extract(${p}content, '$.name') || coalesce(' ' || ${caption}, '')
      ELSE ${caption} END`;
  }
  // JSON.stringify escapes only quotes, backslashes and control characters: the caption's
  // escapes stay in the indexed text, which no typed keyword of letters is harmed by.
  const caption = `substring(${p}content from '"caption":\\s*"((?:[^"\\\\]|\\\\.)*)"')`;
  return sql.raw(
    `(CASE WHEN ${p}type = 0 THEN ${p}content
      WHEN ${p}type = 2 THEN substring(${p}content from '"name":\\s*"([^"]*)"') || coalesce(' ' || ${caption}, '')
      ELSE ${caption} END)`,
  );
}

/** The expression of migrations 0011, 0016 and 0017 (text and file names only), as they ran. */
export function searchTextSqlV1(dialect: 'sqlite', row: string): string;
export function searchTextSqlV1(dialect: 'postgres', row?: string): RawBuilder<string>;
export function searchTextSqlV1(dialect: DialectName, row = ''): string | RawBuilder<string> {
  const p = row ? `${row}.` : '';
  if (dialect === 'sqlite') {
    return `CASE WHEN ${p}type = 0 THEN ${p}content WHEN json_valid(${p}content) THEN json_extract(${p}content, '$.name') END`;
  }
  return sql.raw(
    `(CASE WHEN ${p}type = 0 THEN ${p}content ELSE substring(${p}content from '"name":\\s*"([^"]*)"') END)`,
  );
}

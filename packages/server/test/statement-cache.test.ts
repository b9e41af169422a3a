/** The SQLite statement cache (db/connect.ts): one prepared statement per SQL text, LRU-bounded, never a busy one. */
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/connect.js';

describe('withStatementCache', () => {
  const open = () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    db.prepare('INSERT INTO t (v) VALUES (?), (?), (?)').run('a', 'b', 'c');
    return db;
  };

  it('hands out the same prepared statement for the same SQL, a new one for other SQL', () => {
    const cached = withStatementCache(open());
    const a = cached.prepare('SELECT v FROM t WHERE id = ?');
    expect(cached.prepare('SELECT v FROM t WHERE id = ?')).toBe(a);
    expect(cached.prepare('SELECT id FROM t WHERE v = ?')).not.toBe(a);
    expect(a.all([2])).toEqual([{ v: 'b' }]);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const cached = withStatementCache(open());
    const sql = 'SELECT v FROM t ORDER BY id';
    const first = cached.prepare(sql);
    const rows = first.iterate([]);
    rows.next();
    const second = cached.prepare(sql);
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(3);
    rows.return?.();
    expect(cached.prepare(sql)).toBe(first); // finished: the cached one again
  });

  it('drops the least recently used statement beyond its size', () => {
    const cached = withStatementCache(open(), 2);
    const one = cached.prepare('SELECT 1');
    const two = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(one); // 1 is now newer than 2
    cached.prepare('SELECT 3'); // evicts 2
    expect(cached.prepare('SELECT 1')).toBe(one);
    expect(cached.prepare('SELECT 2')).not.toBe(two);
  });
});

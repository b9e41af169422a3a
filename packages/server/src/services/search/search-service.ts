/**
 * Message search (docs/PROTOCOL.md "Search"): the caller's stored text messages and
 * file names, newest first, in one chat or in all of them, never a recalled one.
 * What the caller may see is the same as history: private messages they sent or
 * received; group messages inside their membership windows
 * (joined_at_id < id ≤ quit_at_id, docs/MESSAGE-DELIVERY.md).
 *
 * Keywords of 3+ characters go through the trigram index (FTS5 `trigram` on SQLite,
 * `pg_trgm` on PostgreSQL, migration 0011), so CJK text matches without word breaks;
 * on PostgreSQL, statistics on the searchable text (migration 0016) let the planner
 * choose between that index and a walk down the newest rows by the keyword's frequency.
 * Shorter keywords (a two-character Chinese word) cannot use trigrams: they are
 * matched with LIKE over the caller's SHORT_WINDOW most recent messages below the
 * page cursor, so the cost stays bounded whatever the history's size.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ChatType,
  MessageStatus,
  MessageType,
  SEARCH_TRIGRAM_MIN,
  snippetOf,
  type SearchHit,
  type SearchQuery,
  type SearchReply,
} from '@parley/protocol';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { assertEverMember, loadAccess } from '../groups/access.js';
import type { SearchIndexer } from './indexer.js';
import type { RelationService } from '../relation.js';
import { SEARCHABLE_TYPES, searchTextSql } from './sql.js';

/** Recent messages per side that a short keyword is matched against. */
export const SHORT_WINDOW = 2000;

interface Row {
  id: number | string;
  chat_id: number | string;
  send_id: number | string;
  type: number;
  content: string;
  send_time: number | string;
  send_nick_name: string;
}

export class SearchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly relations: RelationService,
    /** Batched FTS indexing on SQLite: flushed first, so every stored message is found. */
    private readonly indexer: SearchIndexer,
  ) {}

  async search(me: number, q: SearchQuery): Promise<SearchReply> {
    await this.indexer.flush();
    if (q.chatType === ChatType.PRIVATE && q.targetId !== undefined) {
      if (!(await this.relations.isChatPartner(me, q.targetId))) throw new AppError('notFriend');
    }
    if (q.chatType === ChatType.GROUP && q.targetId !== undefined) {
      assertEverMember(await loadAccess(this.db, q.targetId, me));
    }
    const wantPrivate =
      q.chatType !== ChatType.GROUP &&
      (q.chatType !== undefined || q.groupMaxId === undefined || q.privateMaxId !== undefined);
    const wantGroup =
      q.chatType !== ChatType.PRIVATE &&
      (q.chatType !== undefined || q.privateMaxId === undefined || q.groupMaxId !== undefined);
    // Ask each stream for one more than a page, to know whether it goes on.
    const limit = q.size + 1;
    const [priv, group] = await Promise.all([
      wantPrivate ? this.privateRows(me, q, limit) : [],
      wantGroup ? this.groupRows(me, q, limit) : [],
    ]);
    // Merge the two streams newest first; each stream is used in its id order, so what
    // a page shows of it is a prefix and the next page resumes below its last shown id.
    const hits: SearchHit[] = [];
    let i = 0;
    let j = 0;
    while (hits.length < q.size && (i < priv.length || j < group.length)) {
      const takePrivate =
        j >= group.length || (i < priv.length && Number(priv[i]!.send_time) >= Number(group[j]!.send_time));
      hits.push(
        takePrivate ? toHit(ChatType.PRIVATE, priv[i++]!, q.keyword) : toHit(ChatType.GROUP, group[j++]!, q.keyword),
      );
    }
    const resume = (rows: Row[], used: number, cursor: number | undefined) =>
      used > 0 ? Number(rows[used - 1]!.id) : (cursor ?? Number(rows[0]!.id) + 1);
    // A stream absent from `next` is finished.
    const next: NonNullable<SearchReply['next']> = {};
    if (i < priv.length) next.privateMaxId = resume(priv, i, q.privateMaxId);
    if (j < group.length) next.groupMaxId = resume(group, j, q.groupMaxId);
    const more = next.privateMaxId !== undefined || next.groupMaxId !== undefined;
    return { hits, next: more ? next : null };
  }

  private privateRows(me: number, q: SearchQuery, limit: number): Promise<Row[]> {
    const scope =
      q.targetId !== undefined
        ? sql`((p.send_id = ${me} AND p.recv_id = ${q.targetId}) OR (p.send_id = ${q.targetId} AND p.recv_id = ${me}))`
        : sql`(p.send_id = ${me} OR p.recv_id = ${me})`;
    const below = q.privateMaxId !== undefined ? sql`AND p.id < ${q.privateMaxId}` : sql``;
    const cols = sql`p.id, CASE WHEN p.send_id = ${me} THEN p.recv_id ELSE p.send_id END AS chat_id, p.send_id, p.type, p.content, p.send_time, '' AS send_nick_name`;
    const keep = sql`p.type IN (${sql.raw(SEARCHABLE_TYPES)}) AND p.status != ${MessageStatus.RECALL} ${below}`;
    if (isShort(q.keyword)) {
      // The window: the newest rows of each side (each walks its own index), then the pattern.
      const side = (cond: RawBuilder<unknown>) =>
        sql`SELECT * FROM (SELECT * FROM private_messages p WHERE ${cond} ${below} ORDER BY p.id DESC LIMIT ${SHORT_WINDOW}) s`;
      const window =
        q.targetId !== undefined
          ? side(scope)
          : sql`${side(sql`p.send_id = ${me}`)} UNION ALL ${side(sql`p.recv_id = ${me} AND p.send_id != ${me}`)}`;
      return this.run(sql`SELECT ${cols} FROM (${window}) p
        WHERE ${keep} AND ${this.textOf()} ${this.like(q.keyword)} ORDER BY p.id DESC LIMIT ${limit}`);
    }
    if (this.dialect === 'sqlite') {
      return this.run(sql`SELECT ${cols} FROM private_messages_fts f CROSS JOIN private_messages p ON p.id = f.rowid
        WHERE private_messages_fts MATCH ${phrase(q.keyword)} AND ${scope} AND ${keep}
        ORDER BY f.rowid DESC LIMIT ${limit}`);
    }
    return this.run(sql`SELECT ${cols} FROM private_messages p
      WHERE ${keep} AND ${searchTextSql('postgres', 'p')} ILIKE ${likePattern(q.keyword)} ESCAPE '\\' AND ${scope}
      ORDER BY p.id DESC LIMIT ${limit}`);
  }

  private groupRows(me: number, q: SearchQuery, limit: number): Promise<Row[]> {
    const inGroup = q.targetId !== undefined ? sql`AND p.group_id = ${q.targetId}` : sql``;
    const below = q.groupMaxId !== undefined ? sql`AND p.id < ${q.groupMaxId}` : sql``;
    // Per row through the (group, user) unique index: rows stay in id order, no sort of a whole group.
    const inWindow = sql`EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = p.group_id AND m.user_id = ${me}
      AND p.id > m.joined_at_id AND (m.quit_at_id IS NULL OR p.id <= m.quit_at_id))`;
    const cols = sql`p.id, p.group_id AS chat_id, p.send_id, p.type, p.content, p.send_time, p.send_nick_name`;
    const keep = sql`p.type IN (${sql.raw(SEARCHABLE_TYPES)}) AND p.status != ${MessageStatus.RECALL} ${below} ${inGroup}`;
    if (isShort(q.keyword)) {
      const recent = sql`SELECT p.* FROM group_messages p WHERE ${inWindow} ${below} ${inGroup}
        ORDER BY p.id DESC LIMIT ${SHORT_WINDOW}`;
      return this.run(sql`SELECT ${cols} FROM (${recent}) p
        WHERE ${keep} AND ${this.textOf()} ${this.like(q.keyword)} ORDER BY p.id DESC LIMIT ${limit}`);
    }
    if (this.dialect === 'sqlite') {
      return this.run(sql`SELECT ${cols} FROM group_messages_fts f CROSS JOIN group_messages p ON p.id = f.rowid
        WHERE group_messages_fts MATCH ${phrase(q.keyword)} AND ${keep} AND ${inWindow}
        ORDER BY f.rowid DESC LIMIT ${limit}`);
    }
    return this.run(sql`SELECT ${cols} FROM group_messages p
      WHERE ${keep} AND ${searchTextSql('postgres', 'p')} ILIKE ${likePattern(q.keyword)} ESCAPE '\\' AND ${inWindow}
      ORDER BY p.id DESC LIMIT ${limit}`);
  }

  private textOf(): RawBuilder<string> {
    return this.dialect === 'sqlite' ? sql.raw(`(${searchTextSql('sqlite', 'p')})`) : searchTextSql('postgres', 'p');
  }

  private like(keyword: string): RawBuilder<unknown> {
    return sql`${sql.raw(this.dialect === 'sqlite' ? 'LIKE' : 'ILIKE')} ${likePattern(keyword)} ESCAPE '\\'`;
  }

  private async run(query: RawBuilder<unknown>): Promise<Row[]> {
    const { rows } = await (query as RawBuilder<Row>).execute(this.db);
    return rows;
  }
}

const isShort = (keyword: string) => [...keyword].length < SEARCH_TRIGRAM_MIN;

/** An FTS5 phrase: the keyword as one quoted string, so no character is query syntax. */
const phrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`;

/** `%keyword%` with LIKE's wildcards and the escape character taken literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toHit(chatType: ChatType, r: Row, keyword: string): SearchHit {
  const type = Number(r.type);
  let text = r.content;
  if (type !== MessageType.TEXT) {
    // A file's name and caption, a photo's or video's caption: what searchTextSql indexed.
    try {
      const c = JSON.parse(r.content) as { name?: unknown; caption?: unknown };
      text = [c.name, c.caption].filter((s): s is string => typeof s === 'string').join(' ');
    } catch {
      text = '';
    }
  }
  const { snippet, ranges } = snippetOf(text, keyword);
  return {
    chatType: chatType as SearchHit['chatType'],
    targetId: Number(r.chat_id),
    id: Number(r.id),
    type,
    sendId: Number(r.send_id),
    sendNickName: r.send_nick_name ?? '',
    sendTime: Number(r.send_time),
    snippet,
    ranges,
  };
}

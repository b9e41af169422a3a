/**
 * Favourites (issue 10, docs/PROTOCOL.md "Favourites"): a user keeps copies of
 * messages they can see. Adds run under the user's serializer so the count check and
 * the insert cannot interleave (the FAVOURITES_MAX cap holds across nodes too), and
 * every change reaches all of the owner's terminals as a cmd 3 sync frame.
 */
import type { Kysely } from 'kysely';
import {
  ChatType,
  Cmd,
  FAVOURITE_PAGE_SIZE,
  Limits,
  MessageStatus,
  MessageType,
  favouriteMatches,
  isFavouriteType,
  type Favourite,
  type FavouriteAddRequest,
  type FavouriteListQuery,
  type FavouriteSyncMessage,
} from '@parley/protocol';
import type { Database, FavouriteRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import type { UserSerializer } from '../user-serializer.js';
import { knownGroupName } from '../groups/quit-view.js';
import { originsOf } from './origins.js';

/** What is copied from the message into the favourite. */
interface Source {
  type: number;
  content: string;
  status: number;
  sendId: number;
  sendNickName: string;
  chatName: string;
  sendTime: number;
}

/** A message row of either table as a favourite's source, named by its sender and its chat. */
const toSource = (
  row: { type: number; content: string; status: number; send_id: number; send_time: number },
  sendNickName: string,
  chatName: string,
): Source => ({
  type: row.type,
  content: row.content,
  status: row.status,
  sendId: row.send_id,
  sendNickName,
  chatName,
  sendTime: row.send_time,
});

export function toWireFavourite(row: FavouriteRow, origin: Favourite['origin']): Favourite {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    sendId: row.send_id,
    sendNickName: row.send_nick_name,
    chatType: row.chat_type === ChatType.GROUP ? ChatType.GROUP : ChatType.PRIVATE,
    chatName: row.chat_name,
    sendTime: row.send_time,
    createTime: row.created_at,
    origin,
  };
}

/** Rows read per round while a keyword filters: the cap (2,000) is a few rounds at most. */
const KEYWORD_BATCH = 200;

export class FavouriteService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Keeps a copy of a message `me` can see; the same message again answers the favourite it already is. */
  async add(me: number, req: FavouriteAddRequest): Promise<Favourite> {
    const existing = await this.find(this.db, me, req);
    if (existing) return this.wire(me, existing);
    const source =
      req.chatType === ChatType.GROUP
        ? await this.groupSource(me, req.messageId)
        : await this.privateSource(me, req.messageId);
    if (!source) throw new AppError('messageNotExist');
    if (source.status === MessageStatus.RECALL) throw new AppError('favouriteRecalled');
    if (!isFavouriteType(source.type)) throw new AppError('invalidMessageType');

    return this.serializer.run([me], async (db) => {
      const again = await this.find(db, me, req);
      if (again) return this.wire(me, again, db);
      const { n } = await db
        .selectFrom('favourites')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', me)
        .executeTakeFirstOrThrow();
      if (Number(n) >= Limits.FAVOURITES_MAX) throw new AppError('favouritesFull', { max: Limits.FAVOURITES_MAX });
      let row: FavouriteRow;
      try {
        row = await db
          .insertInto('favourites')
          .values({
            user_id: me,
            chat_type: req.chatType,
            message_id: req.messageId,
            type: source.type,
            content: source.content,
            send_id: source.sendId,
            send_nick_name: source.sendNickName,
            chat_name: source.chatName,
            send_time: source.sendTime,
            created_at: this.clock(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        // Another node inserted it first: that row is the answer.
        const other = isUniqueViolation(err) ? await this.find(db, me, req) : undefined;
        if (other) return this.wire(me, other, db);
        throw err;
      }
      const fav = await this.wire(me, row, db);
      await this.push.toUser(me, this.frame(me, MessageType.FAVOURITE_NEW, JSON.stringify(fav)));
      return fav;
    });
  }

  /**
   * Own favourites, newest first, FAVOURITE_PAGE_SIZE a page: ids below `maxId`, of one type
   * when given, holding `keyword` when given. The words of a file or card live in its JSON
   * content, so the keyword is matched here (favouriteWords) rather than by SQL LIKE.
   */
  async list(me: number, query: FavouriteListQuery): Promise<Favourite[]> {
    const page = (below: number | undefined, size: number) => {
      let q = this.db.selectFrom('favourites').selectAll().where('user_id', '=', me);
      if (query.type !== undefined) q = q.where('type', '=', query.type);
      if (below !== undefined) q = q.where('id', '<', below);
      return q.orderBy('id', 'desc').limit(size).execute();
    };
    let rows: FavouriteRow[];
    if (query.keyword === undefined) rows = await page(query.maxId, FAVOURITE_PAGE_SIZE);
    else {
      rows = [];
      let below = query.maxId;
      for (;;) {
        const batch = await page(below, KEYWORD_BATCH);
        for (const r of batch) {
          if (rows.length < FAVOURITE_PAGE_SIZE && favouriteMatches(this.words(r), query.keyword)) rows.push(r);
        }
        if (rows.length >= FAVOURITE_PAGE_SIZE || batch.length < KEYWORD_BATCH) break;
        below = batch[batch.length - 1]!.id;
      }
    }
    const origin = await originsOf(this.db, me, rows);
    return rows.map((r) => toWireFavourite(r, origin(r)));
  }

  /** Removes one own favourite; another user's id reads as missing. */
  async remove(me: number, id: number): Promise<void> {
    const result = await this.db
      .deleteFrom('favourites')
      .where('id', '=', id)
      .where('user_id', '=', me)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('favouriteNotExist');
    await this.push.toUser(me, this.frame(me, MessageType.FAVOURITE_DEL, JSON.stringify({ id })));
  }

  private async wire(me: number, row: FavouriteRow, db = this.db): Promise<Favourite> {
    const origin = await originsOf(db, me, [row]);
    return toWireFavourite(row, origin(row));
  }

  private words(r: FavouriteRow) {
    return { type: r.type, content: r.content, sendNickName: r.send_nick_name, chatName: r.chat_name };
  }

  private find(db: Kysely<Database>, me: number, req: FavouriteAddRequest) {
    return db
      .selectFrom('favourites')
      .selectAll()
      .where('user_id', '=', me)
      .where('chat_type', '=', req.chatType)
      .where('message_id', '=', req.messageId)
      .executeTakeFirst();
  }

  /** A private message `me` sent or received; the chat is named after the other party. */
  private async privateSource(me: number, id: number): Promise<Source | undefined> {
    const row = await this.db
      .selectFrom('private_messages as m')
      .innerJoin('users as s', 's.id', 'm.send_id')
      .innerJoin('users as r', 'r.id', 'm.recv_id')
      .select(['m.type', 'm.content', 'm.status', 'm.send_id', 'm.recv_id', 'm.send_time'])
      .select(['s.nick_name as sendName', 'r.nick_name as recvName'])
      .where('m.id', '=', id)
      .where((eb) => eb.or([eb('m.send_id', '=', me), eb('m.recv_id', '=', me)]))
      .executeTakeFirst();
    return row && toSource(row, row.sendName, row.send_id === me ? row.recvName : row.sendName);
  }

  /** A group message inside `me`'s window of that group (joined before it; if left, left after it). */
  private async groupSource(me: number, id: number): Promise<Source | undefined> {
    const row = await this.db
      .selectFrom('group_messages as g')
      .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.group_id').on('m.user_id', '=', me))
      .innerJoin('groups as gr', 'gr.id', 'g.group_id')
      .select(['g.type', 'g.content', 'g.status', 'g.send_id', 'g.send_nick_name', 'g.send_time', 'gr.name'])
      .select(['m.quit', 'm.quit_view'])
      .where('g.id', '=', id)
      .whereRef('g.id', '>', 'm.joined_at_id')
      .where((eb) => eb.or([eb('m.quit_at_id', 'is', null), eb('g.id', '<=', eb.ref('m.quit_at_id'))]))
      .executeTakeFirst();
    // A former member names the group as they knew it (quit-view.ts).
    return row && toSource(row, row.send_nick_name, knownGroupName(row.name, row));
  }

  private frame(me: number, type: FavouriteSyncMessage['type'], content: string) {
    const data: FavouriteSyncMessage = { type, sendId: me, recvId: me, content, sendTime: this.clock() };
    return { cmd: Cmd.PRIVATE_MESSAGE, data } as const;
  }
}

/** Friend request rows joined with both parties' public profiles, and their wire shape. */
import type { Kysely } from 'kysely';
import type { FriendRequest, FriendRequestParty, FriendRequestStatus } from '@parley/protocol';
import type { Database } from '../../db/schema.js';

/** Requests with both parties (deleted accounts never listed). */
export function requestRows(db: Kysely<Database>) {
  return db
    .selectFrom('friend_requests as r')
    .innerJoin('users as f', 'f.id', 'r.from_user_id')
    .innerJoin('users as t', 't.id', 'r.to_user_id')
    .where('f.deleted', '=', 0)
    .where('t.deleted', '=', 0)
    .select([
      'r.id',
      'r.greeting',
      'r.status',
      'r.created_at',
      'r.updated_at',
      'f.id as fromId',
      'f.nick_name as fromNickName',
      'f.head_image as fromHeadImage',
      'f.head_image_thumb as fromHeadImageThumb',
      'f.signature as fromSignature',
      't.id as toId',
      't.nick_name as toNickName',
      't.head_image as toHeadImage',
      't.head_image_thumb as toHeadImageThumb',
      't.signature as toSignature',
    ]);
}

export type RequestJoinRow = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>;

/** The public profile only: no user name (e-mail), presence or last seen, whoever reads it. */
export function toWireRequest(r: RequestJoinRow): FriendRequest {
  const party = (side: 'from' | 'to'): FriendRequestParty => ({
    id: Number(r[`${side}Id`]),
    nickName: r[`${side}NickName`],
    headImage: r[`${side}HeadImage`],
    headImageThumb: r[`${side}HeadImageThumb`],
    signature: r[`${side}Signature`],
  });
  return {
    id: Number(r.id),
    from: party('from'),
    to: party('to'),
    greeting: r.greeting,
    status: r.status as FriendRequestStatus,
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

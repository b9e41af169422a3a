/**
 * Whose message it is and whether the caller may react to it or list its reactors
 * (docs/PROTOCOL.md "Reactions", rule order): a message of a chat I can see (else
 * messageNotExist: a private message of my chats, a group message inside my window),
 * then the chat as a send checks it (private: still friends, not blocked, receiver
 * not banned; group: a current member of a live group), then the message's kind.
 */
import type { Kysely } from 'kysely';
import { MessageStatus, isReactableType } from '@parley/protocol';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { assertActive, loadAccess } from '../groups/access.js';
import type { RelationService } from '../relation.js';
import { ReactionKind } from './summary.js';

/** A reacted message: who sent it, and who receives its REACTION notices. */
export interface ReactTarget {
  kind: ReactionKind;
  id: number;
  sendId: number;
  /** Private: the two parties (the serializer keys). */
  parties?: [number, number];
  /** Group: the group (the stream lock, its members). */
  groupId?: number;
}

/** The rows a target reads, private or group. */
export async function readTarget(db: Kysely<Database>, kind: ReactionKind, id: number) {
  if (kind === ReactionKind.PRIVATE) {
    const row = await db
      .selectFrom('private_messages')
      .select(['id', 'send_id', 'recv_id', 'type', 'status', 'react_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, group_id: undefined };
  }
  const row = await db
    .selectFrom('group_messages')
    .select(['id', 'send_id', 'group_id', 'type', 'status', 'react_time'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, recv_id: undefined };
}
/**
 * The message row read in the transaction; on PostgreSQL locked (FOR UPDATE) so that
 * reactions, the flush and a recall of one message take turns. SQLite has one writer.
 */
export async function lockMessage(db: Kysely<Database>, dialect: DialectName, kind: ReactionKind, id: number) {
  if (dialect === 'postgres') {
    const table = kind === ReactionKind.PRIVATE ? 'private_messages' : 'group_messages';
    const locked = await db.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) return undefined;
  }
  return readTarget(db, kind, id);
}

export type TargetRow = NonNullable<Awaited<ReturnType<typeof readTarget>>>;

export const toTarget = (kind: ReactionKind, row: TargetRow): ReactTarget =>
  row.recv_id !== undefined
    ? { kind, id: row.id, sendId: row.send_id, parties: [row.send_id, row.recv_id] }
    : { kind, id: row.id, sendId: row.send_id, groupId: row.group_id };

/** The kind and recall rules, checked before the change and again on the row locked in its transaction. */
export function assertReactable(row: { type: number; status: number }): void {
  if (!isReactableType(row.type)) throw new AppError('reactionNotAllowed');
  if (row.status === MessageStatus.RECALL) throw new AppError('reactionRecalled');
}

export class ReactTargets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly relations: RelationService,
  ) {}

  /** A message `me` may react to (every rule but the cap), or the refusal. */
  async forReact(kind: ReactionKind, me: number, id: number): Promise<ReactTarget> {
    const row = await this.visible(kind, me, id, true);
    assertReactable(row);
    return toTarget(kind, row);
  }

  /** A message whose reactors `me` may list: one I can see in a chat I am still in. */
  async forList(kind: ReactionKind, me: number, id: number): Promise<ReactTarget> {
    return toTarget(kind, await this.visible(kind, me, id, false));
  }

  private async visible(kind: ReactionKind, me: number, id: number, react: boolean): Promise<TargetRow> {
    const row = await readTarget(this.db, kind, id);
    if (!row) throw new AppError('messageNotExist');
    if (row.recv_id !== undefined) {
      if (row.send_id !== me && row.recv_id !== me) throw new AppError('messageNotExist');
      // Reacting speaks to the other party as a send does; looking at my own chat does not.
      if (react) await this.relations.assertCanSend(me, row.send_id === me ? row.recv_id : row.send_id);
      return row;
    }
    const access = await loadAccess(this.db, row.group_id, me);
    if (!access.member || access.member.joined_at_id >= id) throw new AppError('messageNotExist');
    const member = assertActive(access);
    // A muted member may not speak, and a reaction is seen by everyone; mute-all (an
    // announcement group) still lets members react, as in WhatsApp's.
    if (react && member.is_muted === 1) throw new AppError('memberMuted');
    return row;
  }
}

/** A recall takes a message's reactions and its pending notice with it (in the recall's transaction). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReactionKind } from './summary.js';

export async function clearReactions(tx: Kysely<Database>, kind: ReactionKind, id: number): Promise<void> {
  await tx.deleteFrom('message_reactions').where('kind', '=', kind).where('message_id', '=', id).execute();
  await tx.deleteFrom('reaction_pending').where('kind', '=', kind).where('message_id', '=', id).execute();
}

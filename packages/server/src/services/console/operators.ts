/** The operator role outside the app: `npm run operator -- grant|revoke <userName>` (scripts/operator.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type OperatorChange = 'granted' | 'revoked' | 'unchanged' | 'notFound';

/** Grants or revokes the role of the account `userName` (case-insensitive). */
export async function setOperator(db: Kysely<Database>, userName: string, on: boolean): Promise<OperatorChange> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'is_operator'])
    .where('user_name', '=', userName.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return 'notFound';
  if ((row.is_operator === 1) === on) return 'unchanged';
  await db
    .updateTable('users')
    .set({ is_operator: on ? 1 : 0 })
    .where('id', '=', row.id)
    .execute();
  return on ? 'granted' : 'revoked';
}

/**
 * The audit log (docs/PROTOCOL.md "Moderation console"): one row per operator action,
 * written by `record` inside the action's own transaction, so a change without its
 * entry (or an entry without its change) never commits.
 */
import type { Kysely } from 'kysely';
import { ConsoleLimits, type AuditAction, type AuditEntry, type AuditTargetType } from '@parley/protocol';
import type { Database } from '../../db/schema.js';

export interface AuditInput {
  operatorId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  reason?: string;
  detail?: Record<string, unknown>;
}

/** Call with the transaction that makes the change. */
export async function record(trx: Kysely<Database>, entry: AuditInput, now: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason ?? '',
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: now,
    })
    .execute();
}

/** Newest first, a console page at a time. */
export async function auditPage(db: Kysely<Database>, page: number): Promise<{ items: AuditEntry[]; total: number }> {
  const size = ConsoleLimits.PAGE_SIZE;
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.operator_id')
    .selectAll('a')
    .select('u.nick_name')
    .orderBy('a.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      operatorId: Number(r.operator_id),
      operatorName: r.nick_name ?? '',
      action: r.action,
      targetType: r.target_type,
      targetId: Number(r.target_id),
      reason: r.reason,
      detail: r.detail,
      createTime: Number(r.created_at),
    })),
    total: Number(count.n),
  };
}

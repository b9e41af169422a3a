/**
 * The console's complaint queue: pending oldest first (the 24 h promise), handled
 * newest first; a complaint with its target and the target's recent public activity;
 * resolution through ComplaintService.review, with the audit entry in its transaction
 * and a system notification to the complainant afterwards.
 */
import { sql, type Kysely } from 'kysely';
import {
  AuditAction,
  AuditTargetType,
  ComplaintStatus,
  ComplaintTargetType,
  ConsoleLimits,
  MessageStatus,
  MessageTypeRange,
  type ConsoleActivity,
  type ConsoleComplaint,
  type ConsoleComplaintDetail,
  type ConsoleResolveRequest,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { record } from './audit.js';
import type { ConsoleDeps } from './console-service.js';
import { complaintNotice } from './system.js';
import { consoleComplaints, consoleGroups, consoleUsers, countOf, offset, type Paged } from './views.js';

export class ConsoleComplaintService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly services: () => ConsoleDeps,
    private readonly clock: () => number,
  ) {}

  async list(status: number | undefined, page: number): Promise<Paged<ConsoleComplaint>> {
    let q = this.db.selectFrom('complaints').selectAll();
    if (status !== undefined) q = q.where('status', '=', status);
    // Pending first and oldest first (closest to its deadline); handled newest first.
    const rows = await q
      .orderBy(sql`case when status = ${ComplaintStatus.PENDING} then 0 else 1 end`)
      .orderBy(sql`case when status = ${ComplaintStatus.PENDING} then id else -id end`)
      .limit(ConsoleLimits.PAGE_SIZE)
      .offset(offset(page))
      .execute();
    let c = this.db.selectFrom('complaints').select((eb) => eb.fn.countAll().as('n'));
    if (status !== undefined) c = c.where('status', '=', status);
    return { items: await consoleComplaints(this.db, rows), total: countOf(await c.executeTakeFirst()) };
  }

  async detail(id: number): Promise<ConsoleComplaintDetail> {
    const row = await this.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('complaintNotExist');
    const [complaint] = await consoleComplaints(this.db, [row]);
    const target: ConsoleComplaintDetail['target'] = {};
    let activity: ConsoleActivity[];
    if (row.target_type === ComplaintTargetType.USER) {
      const user = await this.db.selectFrom('users').selectAll().where('id', '=', row.target_id).executeTakeFirst();
      if (user) target.user = (await consoleUsers(this.db, [user]))[0]!;
      activity = await this.activity('user', row.target_id);
    } else {
      const group = await this.db.selectFrom('groups').selectAll().where('id', '=', row.target_id).executeTakeFirst();
      if (group) target.group = (await consoleGroups(this.db, [group]))[0]!;
      activity = await this.activity('group', row.target_id);
    }
    return { complaint: complaint!, target, activity };
  }

  /** A pending complaint resolved or rejected; the complainant hears of it in their system stream. */
  async resolve(operatorId: number, req: ConsoleResolveRequest): Promise<ConsoleComplaint> {
    const resolved = req.outcome === ComplaintStatus.RESOLVED;
    const wire = await this.services().complaints.review(req.id, req.outcome, req.answer, {
      pendingOnly: true,
      inTx: (trx) =>
        record(
          trx,
          {
            operatorId,
            action: resolved ? AuditAction.COMPLAINT_RESOLVE : AuditAction.COMPLAINT_REJECT,
            targetType: AuditTargetType.COMPLAINT,
            targetId: req.id,
            reason: req.answer,
            detail: { outcome: req.outcome },
          },
          this.clock(),
        ),
    });
    const row = await this.db.selectFrom('complaints').selectAll().where('id', '=', req.id).executeTakeFirstOrThrow();
    // After the commit: the outcome stands; a deleted complainant simply gets no notification.
    await this.services().systemMessages.send(complaintNotice(wire, resolved), { userIds: [row.user_id] }, operatorId, {
      allowNone: true,
    });
    return (await consoleComplaints(this.db, [row]))[0]!;
  }

  /** The target's last public messages: a user's group messages, or a group's messages (not recalled). */
  private async activity(kind: 'user' | 'group', id: number): Promise<ConsoleActivity[]> {
    const [lo, hi] = MessageTypeRange.NORMAL;
    const rows = await this.db
      .selectFrom('group_messages as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .leftJoin('users as u', 'u.id', 'm.send_id')
      .select([
        'm.id',
        'm.group_id',
        'g.name',
        'm.send_id',
        'm.send_nick_name',
        'u.nick_name',
        'm.type',
        'm.content',
        'm.send_time',
      ])
      .where(kind === 'user' ? 'm.send_id' : 'm.group_id', '=', id)
      .where('m.type', '>=', lo)
      .where('m.type', '<=', hi)
      .where('m.status', '!=', MessageStatus.RECALL)
      .orderBy('m.id', 'desc')
      .limit(ConsoleLimits.ACTIVITY_SIZE)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      groupId: r.group_id,
      groupName: r.name,
      sendId: r.send_id,
      sendNickName: r.send_nick_name || (r.nick_name ?? ''),
      type: r.type,
      content: r.content,
      sendTime: r.send_time,
    }));
  }
}

/**
 * Complaints (wire-contract §4): a user reports a user or a group; the complaint
 * is stored PENDING for review and the reporter can follow its status and the
 * reviewer's resolution. `review` is the moderation side (tests now, admin later).
 */
import type { Kysely } from 'kysely';
import {
  COMPLAINT_PAGE_SIZE,
  ComplaintStatus,
  ComplaintTargetType,
  Timing,
  isUploadUrl,
  type Complaint,
  type ComplaintRequest,
} from '@parley/protocol';
import type { ComplaintRow, Database } from '../db/schema.js';
import { AppError, invalidField } from '../http/app-error.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { keyOfUrl } from '../storage/keys.js';

/**
 * What a complaint may point at: the target's name as the complainant knows it, or
 * undefined when it does not exist for them.
 */
export type TargetLookup = (me: number, targetId: number) => Promise<{ name: string } | undefined>;

/** No group exists (a service built without groups). */
export const noGroups: TargetLookup = () => Promise.resolve(undefined);

export type ReviewOutcome = typeof ComplaintStatus.RESOLVED | typeof ComplaintStatus.REJECTED;

export interface ComplaintPageQuery {
  maxPageId?: number | undefined;
  status?: number | undefined;
}

export function toWireComplaint(row: ComplaintRow): Complaint {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    type: row.type,
    images: parseImages(row.images),
    content: row.content,
    status: row.status,
    resolution: row.resolution,
    createTime: row.created_at,
    resolveTime: row.resolved_at,
  };
}

function parseImages(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export class ComplaintService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly media: MediaStorage,
    private readonly groupLookup: TargetLookup = noGroups,
  ) {}

  /** Stores the complaint; returns the verification promise's hours for the reply message. */
  async initiate(me: number, req: ComplaintRequest): Promise<{ hours: number }> {
    const targetName = await this.resolveTarget(me, req.targetType, req.targetId);
    for (const [i, url] of req.images.entries()) await this.assertOwnUpload(url, `images.${i}`);
    await this.db
      .insertInto('complaints')
      .values({
        user_id: me,
        target_type: req.targetType,
        target_id: req.targetId,
        target_name: (targetName || req.targetName || '').slice(0, 64),
        type: req.type,
        images: JSON.stringify(req.images),
        content: req.content,
        status: ComplaintStatus.PENDING,
        resolution: '',
        created_at: Date.now(),
        resolved_at: null,
      })
      .execute();
    return { hours: Timing.COMPLAINT_VERIFY_HOURS };
  }

  /** Own complaints, newest first, COMPLAINT_PAGE_SIZE a page, ids below `maxPageId`. */
  async page(me: number, query: ComplaintPageQuery): Promise<Complaint[]> {
    let q = this.db.selectFrom('complaints').selectAll().where('user_id', '=', me);
    if (query.maxPageId !== undefined) q = q.where('id', '<', query.maxPageId);
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    const rows = await q.orderBy('id', 'desc').limit(COMPLAINT_PAGE_SIZE).execute();
    return rows.map(toWireComplaint);
  }

  /** One own complaint; another user's reads as missing. */
  async info(me: number, id: number): Promise<Complaint> {
    const row = await this.db
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', me)
      .executeTakeFirst();
    if (!row) throw new AppError('complaintNotExist');
    return toWireComplaint(row);
  }

  /**
   * Moderation: resolve or reject with the reviewer's answer. By default a later review
   * overwrites an earlier one; `pendingOnly` refuses a handled complaint
   * (complaintHandled). `inTx` runs in the same transaction (the console's audit entry).
   */
  async review(
    id: number,
    outcome: ReviewOutcome,
    resolution: string,
    opts: { pendingOnly?: boolean; inTx?: (trx: Kysely<Database>, row: ComplaintRow) => Promise<void> } = {},
  ): Promise<Complaint> {
    const row = await this.db.transaction().execute(async (trx) => {
      let q = trx
        .updateTable('complaints')
        .set({ status: outcome, resolution, resolved_at: Date.now() })
        .where('id', '=', id);
      if (opts.pendingOnly) q = q.where('status', '=', ComplaintStatus.PENDING);
      const result = await q.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const exists = await trx.selectFrom('complaints').select('id').where('id', '=', id).executeTakeFirst();
        throw new AppError(exists ? 'complaintHandled' : 'complaintNotExist');
      }
      const updated = await trx.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await opts.inTx?.(trx, updated);
      return updated;
    });
    return toWireComplaint(row);
  }

  /** The target's name as the server knows it; throws when the target cannot be reported. */
  private async resolveTarget(me: number, targetType: number, targetId: number): Promise<string> {
    if (targetType === ComplaintTargetType.USER) {
      if (targetId === me) throw new AppError('cannotReportSelf');
      const user = await this.db.selectFrom('users').select('nick_name').where('id', '=', targetId).executeTakeFirst();
      if (!user) throw new AppError('userNotExist');
      return user.nick_name;
    }
    const group = await this.groupLookup(me, targetId);
    if (!group) throw new AppError('groupNotExist');
    return group.name;
  }

  /** Evidence must be an image this server stored: the exact upload shape (uploads.ts), and present. */
  private async assertOwnUpload(url: string, field: string): Promise<void> {
    if (!isUploadUrl(url, 'image')) throw invalidField(field, 'uploadUrl');
    const key = keyOfUrl(url);
    const stored = key === undefined ? undefined : await this.media.stat(key).catch(() => undefined);
    if (!stored) throw invalidField(field, 'uploadUrl');
  }
}

/**
 * Discover links (docs/PROTOCOL.md "Discover"): listed for every signed-in user,
 * saved and deleted by operators. A save probes the URL first (probe.ts), outside the
 * transaction, then writes the link and its audit entry together.
 */
import type { Kysely } from 'kysely';
import { AuditAction, AuditTargetType, type DiscoverLink, type DiscoverSaveRequest } from '@parley/protocol';
import type { Database, DiscoverLinkRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { record } from '../console/audit.js';

/** Sort numbers of a reorder: 10, 20, … (the console's step, room to insert between). */
const REORDER_STEP = 10;

export function toWireLink(row: DiscoverLinkRow): DiscoverLink {
  return {
    id: row.id,
    title: row.title,
    iconUrl: row.icon_url,
    url: row.url,
    description: row.description,
    sort: row.sort,
    featured: row.featured === 1,
    bannerUrl: row.banner_url,
    frameable: row.frameable === 1,
  };
}

export class DiscoverService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    /** probe.ts's probeFrameable through the server's guarded outbound fetcher. */
    private readonly probe: (url: string) => Promise<boolean>,
  ) {}

  async list(): Promise<DiscoverLink[]> {
    const rows = await this.db.selectFrom('discover_links').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map(toWireLink);
  }

  async save(operatorId: number, req: DiscoverSaveRequest): Promise<DiscoverLink> {
    if (req.id !== undefined) await this.get(req.id);
    const frameable = (await this.probe(req.url)) ? 1 : 0;
    const now = this.clock();
    const values = {
      title: req.title,
      icon_url: req.iconUrl,
      url: req.url,
      description: req.description,
      sort: req.sort,
      featured: req.featured ? 1 : 0,
      banner_url: req.bannerUrl,
      frameable,
      updated_at: now,
    };
    const row = await this.db.transaction().execute(async (trx) => {
      let saved: DiscoverLinkRow | undefined;
      if (req.id === undefined) {
        saved = await trx
          .insertInto('discover_links')
          .values({ ...values, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        saved = await trx
          .updateTable('discover_links')
          .set(values)
          .where('id', '=', req.id)
          .returningAll()
          .executeTakeFirst();
        // Deleted by another operator during the probe.
        if (!saved) throw new AppError('discoverLinkNotExist');
      }
      await record(
        trx,
        {
          operatorId,
          action: AuditAction.DISCOVER_SAVE,
          targetType: AuditTargetType.DISCOVER,
          targetId: saved.id,
          detail: { title: saved.title, url: saved.url, frameable: frameable === 1, created: req.id === undefined },
        },
        now,
      );
      return saved;
    });
    return toWireLink(row);
  }

  async remove(operatorId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('discover_links').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('discoverLinkNotExist');
      await trx.deleteFrom('discover_links').where('id', '=', id).execute();
      await record(
        trx,
        {
          operatorId,
          action: AuditAction.DISCOVER_DELETE,
          targetType: AuditTargetType.DISCOVER,
          targetId: id,
          detail: { title: row.title, url: row.url },
        },
        this.clock(),
      );
    });
  }

  /**
   * The listed links take sorts 10, 20, … in the order given, in one transaction with one
   * audit row (a move used to be two saves: two rows, two probes). Unlisted links keep theirs.
   */
  async reorder(operatorId: number, ids: number[]): Promise<DiscoverLink[]> {
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('discover_links').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new AppError('discoverLinkNotExist');
      for (const [i, id] of ids.entries()) {
        await trx
          .updateTable('discover_links')
          .set({ sort: (i + 1) * REORDER_STEP, updated_at: now })
          .where('id', '=', id)
          .execute();
      }
      await record(
        trx,
        {
          operatorId,
          action: AuditAction.DISCOVER_REORDER,
          targetType: AuditTargetType.DISCOVER,
          targetId: ids[0]!,
          detail: { ids },
        },
        now,
      );
    });
    return this.list();
  }

  private async get(id: number): Promise<DiscoverLinkRow> {
    const row = await this.db.selectFrom('discover_links').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('discoverLinkNotExist');
    return row;
  }
}

/** Runs the in-code migrations (ordered list) with Kysely's Migrator, on either dialect. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { accounts } from './migrations/0001_accounts.js';
import { contacts } from './migrations/0002_contacts.js';
import { privateMessages } from './migrations/0003_private_messages.js';
import { refreshRotation } from './migrations/0004_refresh_rotation.js';
import { groups } from './migrations/0005_groups.js';
import { groupTips } from './migrations/0006_group_tips.js';
import { calls } from './migrations/0007_calls.js';
import { systemMessages } from './migrations/0008_system_messages.js';
import { moderation } from './migrations/0009_moderation.js';
import { favourites } from './migrations/0010_favourites.js';
import { search } from './migrations/0011_search.js';
import { loginSessions } from './migrations/0012_login_sessions.js';
import { sexSet } from './migrations/0013_sex_set.js';
import { pushSubscriptions } from './migrations/0014_push_subscriptions.js';
import { forwarded } from './migrations/0015_forwarded.js';
import { searchPlan } from './migrations/0016_search_plan.js';
import { searchDeferred } from './migrations/0017_search_deferred.js';
import { quitView } from './migrations/0018_quit_view.js';
import { userNameSkeleton } from './migrations/0019_user_name_skeleton.js';
import { messageEdit } from './migrations/0020_message_edit.js';
import { reactions } from './migrations/0021_reactions.js';
import { pins } from './migrations/0022_pins.js';
import { linkPreviews } from './migrations/0023_link_previews.js';
import { lastSeenPrivacy } from './migrations/0024_last_seen_privacy.js';
import { friendRequests } from './migrations/0025_friend_requests.js';
import { chatDetails } from './migrations/0026_chat_details.js';
import { media } from './migrations/0027_media.js';
import { passwordReset } from './migrations/0028_password_reset.js';

/** Append new migrations here; never rename or edit one that has shipped. */
const migrations = {
  '0001_accounts': accounts,
  '0002_contacts': contacts,
  '0003_private_messages': privateMessages,
  '0004_refresh_rotation': refreshRotation,
  '0005_groups': groups,
  '0006_group_tips': groupTips,
  '0007_calls': calls,
  '0008_system_messages': systemMessages,
  '0009_moderation': moderation,
  '0010_favourites': favourites,
  '0011_search': search,
  '0012_login_sessions': loginSessions,
  '0013_sex_set': sexSet,
  '0014_push_subscriptions': pushSubscriptions,
  '0015_forwarded': forwarded,
  '0016_search_plan': searchPlan,
  '0017_search_deferred': searchDeferred,
  '0018_quit_view': quitView,
  '0019_user_name_skeleton': userNameSkeleton,
  '0020_message_edit': messageEdit,
  '0021_reactions': reactions,
  '0022_pins': pins,
  '0023_link_previews': linkPreviews,
  '0024_last_seen_privacy': lastSeenPrivacy,
  '0025_friend_requests': friendRequests,
  '0026_chat_details': chatDetails,
  '0027_media': media,
  '0028_password_reset': passwordReset,
} as const;

/** Oldest first; a backup whose newest migration is not here is from a newer Parley (backup/restore.ts). */
export const migrationNames: readonly string[] = Object.keys(migrations);

class InCodeProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.db.dialect)]));
  }
}

/**
 * Runs what is missing. Nodes started together on one PostgreSQL database migrate it once:
 * Kysely's Migrator runs in one transaction holding `pg_advisory_xact_lock` on its lock
 * table's name, so the others wait and then find nothing to do
 * (test/migrations-concurrent.test.ts). SQLite takes its own write lock for the migration
 * transaction; several nodes never share one SQLite file in production (app.ts warns).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new InCodeProvider(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Web push (issue 11 point 5): the VAPID key, the sessions' subscriptions and the notifier. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import { PushNotifier, type NotifierOptions } from './notifier.js';
import { PushSubscriptions } from './subscriptions.js';
import { loadVapidKeys } from './vapid.js';

export interface PushNotify {
  publicKey: string;
  subscriptions: PushSubscriptions;
  notifier: PushNotifier;
}

export function createPushNotify(
  dataDir: string,
  db: Kysely<Database>,
  presence: Presence,
  push: PushService,
  now: () => number,
  endpointHosts: readonly string[],
  opts: NotifierOptions = {},
): PushNotify {
  const vapid = loadVapidKeys(dataDir);
  const subscriptions = new PushSubscriptions(db, now, endpointHosts);
  const notifier = new PushNotifier(db, presence, subscriptions, vapid, now, opts);
  push.observe(notifier.observe);
  return { publicKey: vapid.publicKey, subscriptions, notifier };
}

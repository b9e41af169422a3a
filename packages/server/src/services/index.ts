/** Builds the service graph once; routes and the gateway receive it. */
import { SharedContentService } from './shared/shared-service.js';
import type { Redis } from 'ioredis';
import { closeRedis } from '../realtime/redis.js';
import type { Config } from '../config.js';
import { createLimits, spend, type Limits } from '../limits/index.js';
import { GroupMessageSyncService } from './groups/group-message-sync.js';
import { GroupMessageService } from './groups/group-messages.js';
import { GroupEditService } from './groups/group-edit.js';
import { GroupChanges } from './groups/changes.js';
import { GroupRoleService } from './groups/group-roles.js';
import { GroupService } from './groups/group-service.js';
import { GroupStream } from './groups/stream.js';
import { groupNameFor } from './groups/quit-view.js';
import type { Db } from '../db/connect.js';
import type { Bus } from '../realtime/bus.js';
import type { Presence } from '../realtime/presence.js';
import { PushService } from '../realtime/push.js';
import type { SessionRegistry } from '../realtime/sessions.js';
import { AccountService } from './account.js';
import { AuthService } from './auth.js';
import { BlacklistService } from './blacklist.js';
import type { CallStore } from './calls/call-store.js';
import { GroupCallService } from './calls/group-calls.js';
import { PrivateCallService } from './calls/private-calls.js';
import { CallRecords } from './calls/records.js';
import { RedisCallStore } from './calls/redis-call-store.js';
import { SqlCallStore } from './calls/sql-call-store.js';
import { sweepCalls } from './calls/sweeper.js';
import { ComplaintService } from './complaint.js';
import { ConsoleComplaintService } from './console/complaints.js';
import { ConsoleService } from './console/console-service.js';
import { DiscoverService } from './discover/discover-service.js';
import { probeFrameable } from './discover/probe.js';
import { DeviceService } from './sessions/devices.js';
import { FavouriteService } from './favourites/favourites.js';
import { SearchIndexer } from './search/indexer.js';
import { SearchService } from './search/search-service.js';
import { TypingService } from './typing/typing.js';
import { PgInsertBatch } from '../db/pg-insert-batch.js';
import type { PrivateMessageRow } from '../db/schema.js';
import { WriteBatch } from '../db/write-batch.js';
import { PRIVATE_MESSAGE_BATCH } from './private-message.js';
import { Facts } from './facts/facts.js';
import { FileStore } from './file-store.js';
import { FriendService } from './friend.js';
import { ModerationService } from './moderation.js';
import { PrivateMessageService } from './private-message.js';
import { PrivateEditService } from './private-edit.js';
import { GroupPinService } from './pins/group-pins.js';
import { PrivatePinService } from './pins/private-pins.js';
import { ReactionFlusher } from './reactions/flusher.js';
import { ReactionService } from './reactions/reaction-service.js';
import { ReactTargets } from './reactions/targets.js';
import { PrivateSyncService } from './private-sync.js';
import { createPushNotify, type PushNotify } from './push-notify/index.js';
import { RelationService } from './relation.js';
import { loadSigningSecret } from './secrets.js';
import { systemConfig } from './system-config.js';
import { SystemStream } from './system/stream.js';
import { SystemMessageService } from './system/system-messages.js';
import { TokenService } from './tokens.js';
import { UploadService } from './upload.js';
import { UserService } from './user.js';
import { UserSerializer } from './user-serializer.js';
import { OutboundFetcher } from './outbound/fetch.js';
import { LinkPreviewService, previewsEnabled } from './link-preview/link-preview-service.js';
import { Passwords } from './passwords.js';
import { smtpMailer } from './password-reset/mailer.js';
import { PasswordResetService } from './password-reset/password-reset-service.js';
import { FriendRequestService } from './friend-requests/friend-request-service.js';
import { createMediaStorage, type MediaStorage } from '../storage/index.js';

export interface Services {
  tokens: TokenService;
  auth: AuthService;
  accounts: AccountService;
  users: UserService;
  /** Where every upload is stored (storage/: local disk or S3). */
  media: MediaStorage;
  uploads: UploadService;
  files: FileStore;
  friends: FriendService;
  friendRequests: FriendRequestService;
  blacklist: BlacklistService;
  complaints: ComplaintService;
  moderation: ModerationService;
  privateMessages: PrivateMessageService;
  privateSync: PrivateSyncService;
  /** Edits of private messages (issue 21 point 1). */
  privateEdits: PrivateEditService;
  /** Pinned messages of private chats (issue 21 point 3). */
  privatePins: PrivatePinService;
  /** Per-user order of private-message writes (docs/MESSAGE-DELIVERY.md). */
  serializer: UserSerializer;
  /** Accounts, sessions and pair relations cached on every node, forgotten through the bus on change. */
  facts: Facts;
  push: PushService;
  presence: Presence;
  registry: SessionRegistry;
  /** The config for one signed-in user (their TURN credentials when TURN is configured). */
  systemConfig: (userId: number) => ReturnType<typeof systemConfig>;
  /** Where call state lives: Redis with REDIS_URL, else the database. */
  callStore: CallStore;
  privateCalls: PrivateCallService;
  groupCalls: GroupCallService;
  /** Ends the calls whose ring or heartbeat deadline passed (the sweeper; tests call it by hand). */
  sweepCalls: () => Promise<number>;
  limits: Limits;
  groups: GroupService;
  groupRoles: GroupRoleService;
  groupMessages: GroupMessageService;
  /** Edits of group messages (issue 21 point 1). */
  groupEdits: GroupEditService;
  /** Pinned messages of groups and the group's pin setting (issue 21 point 3). */
  groupPins: GroupPinService;
  /** Reactions to private and group messages (issue 21 point 2) and their coalesced notices. */
  reactions: ReactionService;
  reactionFlusher: ReactionFlusher;
  groupSync: GroupMessageSyncService;
  /** System notifications (the system stream, serializer key -1): send, pull, content, read. */
  systemMessages: SystemMessageService;
  favourites: FavouriteService;
  /** Message search over the stored history (trigram indexes, migration 0011). */
  search: SearchService;
  /** The shared media, files and links of one chat (issue 22 point 4). */
  shared: SharedContentService;
  /** SQLite: messages enter the search index in batches (migration 0017). */
  searchIndexer: SearchIndexer;
  /** The write batches (SQLite group commit, PostgreSQL group insert): a draining node flushes them. */
  writeBatches: { drain(): Promise<void> }[];
  /** Typing indicator frames (cmd 6): checked and relayed, never stored. */
  typing: TypingService;
  /** Signed-in devices: the login sessions' devices, listing, signing one out. */
  devices: DeviceService;
  console: ConsoleService;
  consoleComplaints: ConsoleComplaintService;
  discover: DiscoverService;
  /** The guarded fetcher of every URL someone typed (services/outbound/fetch.ts). */
  outbound: OutboundFetcher;
  /** Link previews: pages read through `outbound`, cached a day, attached to TEXT sends. */
  linkPreviews: LinkPreviewService;
  /** Web push: VAPID key, subscriptions (reportCid/removeCid), the notifier of offline users. */
  pushNotify: PushNotify;
  /** Password recovery: mailed reset links (SMTP_URL) and operators' resets. */
  passwordReset: PasswordResetService;
}

/** The realtime parts chosen by app.ts: in-process, or Redis-backed when REDIS_URL is set. */
export interface Realtime {
  bus: Bus;
  registry: SessionRegistry;
  presence: Presence;
  /** Connection for the shared rate-limit counters (REDIS_URL); absent → counted per node. */
  limitsRedis?: Redis;
  /** Connection for the call store (REDIS_URL); absent → calls live in the database. */
  callsRedis?: Redis;
}

export function createServices(
  config: Config,
  db: Db,
  { bus, registry, presence, limitsRedis, callsRedis }: Realtime,
): Services {
  const secret = loadSigningSecret(config.dataDir, config.jwtSecret);
  const tokens = new TokenService(secret, config.accessTokenTtlS, config.refreshTokenTtlS);
  const push = new PushService(bus);
  const media = createMediaStorage(config.media, config.dataDir);
  const uploads = new UploadService(media, {
    maxPixels: config.imageMaxPixels,
    concurrency: config.imageConcurrency,
  });
  const clock = config.clock ?? Date.now;
  const serializer = new UserSerializer(db, config.redisUrl !== undefined);
  const facts = new Facts(db.kysely, bus);
  const writes = new WriteBatch(db.kysely, db.sqlite);
  const pgBatch =
    db.dialect === 'postgres' ? new PgInsertBatch<PrivateMessageRow>(db.kysely, PRIVATE_MESSAGE_BATCH) : undefined;
  const searchIndexer = new SearchIndexer(db.kysely, db.dialect);
  const friends = new FriendService(db.kysely, presence, push, serializer, facts, clock);
  const friendRequests = new FriendRequestService(db.kysely, friends, push, config.friendRequests, clock);
  // A block shows as `isBlocked` on the blocker's entry, and as offline on the blocked user's entry for the blocker.
  const blacklist = new BlacklistService(
    db.kysely,
    async (userId, otherId) => {
      await facts.changed({ kind: 'pair', a: userId, b: otherId });
      await friends.pushUpdate(userId, otherId);
      await friends.pushUpdate(otherId, userId);
    },
    friendRequests,
  );
  // Who may see or reach whom (presence, user names, chats): one place for the rules.
  const relations = new RelationService(db.kysely, facts);
  const groupStream = new GroupStream(serializer, push, clock);
  const groupChanges = new GroupChanges(db.kysely, groupStream, push, presence);
  const callStore: CallStore = callsRedis
    ? new RedisCallStore(callsRedis, config.redisPrefix, () => closeRedis(callsRedis))
    : new SqlCallStore(db.kysely);
  const pushNotify = createPushNotify(config.dataDir, db.kysely, presence, push, clock, config.pushEndpointHosts, {
    log: (msg, err) => console.warn(msg, err instanceof Error ? err.message : ''),
    connectedHere: (userId) => registry.hasUser(userId),
  });
  // A callee with no connected terminal is rung by web push when a subscription reaches them.
  const pushReachable = (userIds: readonly number[]) => pushNotify.subscriptions.usersWithLive(userIds);
  const privateCalls = new PrivateCallService({
    db: db.kysely,
    store: callStore,
    push,
    presence,
    records: new CallRecords(serializer, push, clock),
    now: clock,
    ringMs: config.callRingTimeoutMs,
    pushReachable,
  });
  const groupCalls = new GroupCallService({
    db: db.kysely,
    store: callStore,
    push,
    presence,
    stream: groupStream,
    maxChannel: config.webrtcMaxChannel,
    now: clock,
    ringMs: config.callRingTimeoutMs,
    pushReachable,
  });
  const onUserClosed = async (userId: number) => {
    await privateCalls.onUserClosed(userId);
    await groupCalls.onUserClosed(userId);
  };
  const devices = new DeviceService(db.kysely, push, facts);
  const reactionFlusher = new ReactionFlusher(db.kysely, db.dialect, serializer, groupStream, push, clock, {
    sweepMs: config.reactionSweepMs,
    onError: (err) => console.error('reaction notices failed', err),
  });
  const outbound = new OutboundFetcher({ enabled: config.outboundFetch, allowCidrs: config.outboundAllowCidrs });
  const limits = createLimits(config, limitsRedis);
  const linkPreviews = new LinkPreviewService(db.kysely, outbound, uploads, clock, {
    enabled: previewsEnabled(config),
    timeoutMs: config.linkPreviewTimeoutMs ?? 5_000,
    // A preview's image is stored on the asker's daily upload bytes (UPLOAD_BYTES_PER_DAY).
    spendBytes: async (userId, bytes) => {
      if (limits.uploadBytes) await spend(limits.uploadBytes, userId, bytes);
    },
  });
  const passwords = new Passwords({
    memoryKib: config.passwordHashMemoryKib,
    iterations: config.passwordHashIterations,
  });
  const services: Services = {
    tokens,
    auth: new AuthService(tokens, facts),
    accounts: new AccountService(
      db.kysely,
      tokens,
      push,
      config.refreshGraceS * 1000,
      config.operatorUserNames,
      facts,
      passwords,
      devices,
    ),
    devices,
    users: new UserService(
      db.kysely,
      presence,
      relations,
      facts,
      (id) => friends.pushLastSeenSetting(id),
      (row) => friendRequests.consentOf(row),
    ),
    media,
    uploads,
    files: new FileStore(media, config.uploadMaxBytes),
    friends,
    friendRequests,
    // A block shows as `isBlocked` on the blocker's friend entry.
    blacklist,
    // A group is reported by its members, current or former, under the name they know;
    // to anyone else it does not exist, so its name and its id stay theirs.
    complaints: new ComplaintService(db.kysely, media, (me, id) => groupNameFor(db.kysely, id, me)),
    // A banned or deleted user's calls end with their sessions.
    moderation: new ModerationService(db.kysely, push, facts, onUserClosed),
    privateMessages: new PrivateMessageService(
      db.kysely,
      serializer,
      push,
      relations,
      clock,
      writes,
      linkPreviews,
      pgBatch,
    ),
    privateSync: new PrivateSyncService(db.kysely, serializer, push, relations, clock),
    privateEdits: new PrivateEditService(db.kysely, serializer, push, relations, clock, config.editWindowMs),
    privatePins: new PrivatePinService(db.kysely, serializer, push, relations, clock),
    serializer,
    facts,
    push,
    presence,
    registry,
    systemConfig: (userId) =>
      systemConfig(
        config.webrtcMaxChannel,
        config.iceServers,
        { groupAdminsMax: config.groupAdminsMax, uploadMaxBytes: config.uploadMaxBytes },
        { editWindowMs: config.editWindowMs, linkPreviews: linkPreviews.enabled },
        config.turn && { config: config.turn, userId, now: clock() },
      ),
    callStore,
    privateCalls,
    groupCalls,
    sweepCalls: () =>
      sweepCalls(callStore, clock, (kind, id) =>
        kind === 'private' ? privateCalls.expire(id) : groupCalls.expire(id),
      ),
    limits,
    groups: new GroupService(db.kysely, groupStream, push, presence, relations, config.groupMembersMax, groupChanges),
    groupRoles: new GroupRoleService(db.kysely, groupStream, push, groupChanges, config.groupAdminsMax),
    groupMessages: new GroupMessageService(db.kysely, groupStream, facts, linkPreviews),
    groupEdits: new GroupEditService(db.kysely, groupStream, config.editWindowMs),
    groupPins: new GroupPinService(db.kysely, groupStream, groupChanges),
    reactions: new ReactionService(
      db.kysely,
      db.dialect,
      new ReactTargets(db.kysely, relations),
      reactionFlusher,
      clock,
      config.reactionCoalesceMs,
    ),
    reactionFlusher,
    groupSync: new GroupMessageSyncService(db.kysely, groupStream, push),
    systemMessages: new SystemMessageService(db.kysely, new SystemStream(serializer, push), push, facts, clock),
    favourites: new FavouriteService(db.kysely, serializer, push, clock),
    search: new SearchService(db.kysely, db.dialect, relations, searchIndexer),
    shared: new SharedContentService(db.kysely, relations),
    searchIndexer,
    writeBatches: pgBatch ? [writes, pgBatch] : [writes],
    typing: new TypingService(db.kysely, relations, push, (err) => console.warn('typing relay failed', err), clock),
    // moderation console and Discover (docs/PROTOCOL.md); the console reads its peers through `services`.
    console: new ConsoleService(db.kysely, groupChanges, () => services, clock),
    consoleComplaints: new ConsoleComplaintService(db.kysely, () => services, clock),
    discover: new DiscoverService(db.kysely, clock, (url) => probeFrameable(url, outbound)),
    outbound,
    linkPreviews,
    pushNotify,
    passwordReset: new PasswordResetService(db.kysely, passwords, facts, push, {
      mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : undefined,
      publicUrl: config.publicUrl ?? '',
      perAccount: limits.resetMails,
      clock,
      log: (msg, err) => console.warn(msg, err instanceof Error ? err.message : ''),
    }),
  };
  return services;
}

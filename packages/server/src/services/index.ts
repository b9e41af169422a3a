/** Builds the service graph once; routes and the gateway receive it. */
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { Bus } from '../realtime/bus.js';
import { LocalPresence, type Presence } from '../realtime/presence.js';
import { PushService } from '../realtime/push.js';
import { SessionRegistry } from '../realtime/sessions.js';
import { AccountService } from './account.js';
import { AuthService } from './auth.js';
import { BlacklistService } from './blacklist.js';
import { ComplaintService } from './complaint.js';
import { FriendService } from './friend.js';
import { ModerationService } from './moderation.js';
import { loadSigningSecret } from './secrets.js';
import { systemConfig } from './system-config.js';
import { TokenService } from './tokens.js';
import { UploadService } from './upload.js';
import { UserService } from './user.js';

export interface Services {
  tokens: TokenService;
  auth: AuthService;
  accounts: AccountService;
  users: UserService;
  uploads: UploadService;
  friends: FriendService;
  blacklist: BlacklistService;
  complaints: ComplaintService;
  moderation: ModerationService;
  push: PushService;
  presence: Presence;
  registry: SessionRegistry;
  systemConfig: () => ReturnType<typeof systemConfig>;
}

export function createServices(config: Config, db: Db, bus: Bus): Services {
  const secret = loadSigningSecret(config.dataDir, config.jwtSecret);
  const tokens = new TokenService(secret, config.accessTokenTtlS, config.refreshTokenTtlS);
  const registry = new SessionRegistry();
  const presence = new LocalPresence(registry);
  const push = new PushService(bus);
  const uploads = new UploadService(config.dataDir);
  const friends = new FriendService(db.kysely, presence, push);
  return {
    tokens,
    auth: new AuthService(db.kysely, tokens),
    accounts: new AccountService(db.kysely, tokens),
    users: new UserService(db.kysely, presence),
    uploads,
    friends,
    // A block shows as `isBlocked` on the blocker's friend entry.
    blacklist: new BlacklistService(db.kysely, (userId, otherId) => friends.pushUpdate(userId, otherId)),
    complaints: new ComplaintService(db.kysely, uploads.root),
    moderation: new ModerationService(db.kysely, push),
    push,
    presence,
    registry,
    systemConfig: () => systemConfig(config.webrtcMaxChannel, config.iceServers),
  };
}

/** Server configuration, read once from environment variables (see docs/PROTOCOL.md). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CALL_SWEEP_INTERVAL_MS,
  Limits,
  REACTION_COALESCE_MS,
  RING_TIMEOUT_MS,
  TURN_CREDENTIAL_TTL_S,
  Timing,
  WEBRTC_MAX_CHANNEL_DEFAULT,
} from '@parley/protocol';
import { DEFAULT_EXTRA_LIMITS } from './limits/table.js';
import { parseTurnConfig, type TurnConfig } from './services/calls/turn.js';
import { parseCidr } from './services/outbound/address.js';
import { DEFAULT_PASSWORD_COST } from './services/passwords.js';
import type { IceServer } from './services/system-config.js';
import { mediaConfig, type MediaConfig } from './storage/config.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… when set; otherwise SQLite at `dataDir/parley.db`. */
  databaseUrl: string | undefined;
  /** redis://… when set: push bus and presence shared by several nodes through Redis. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel this server uses. */
  redisPrefix: string;
  webDist: string;
  uploadMaxBytes: number;
  /** MEDIA_STORAGE (local | s3) and the S3_* settings: where uploads are stored (storage/). */
  media: MediaConfig;
  /** Largest image in pixels (width × height), checked from the header before decoding; 0 = sharp's own cap. */
  imageMaxPixels: number;
  /** Images decoded at once; further image uploads queue (memory grows with this, not with traffic). */
  imageConcurrency: number;
  /** Overrides the generated secret in `dataDir/secrets.json`. */
  jwtSecret: string | undefined;
  trialUserName: string;
  trialPassword: string;
  /** OPERATOR_USERNAMES: comma-separated user names made operators at start and when they register. */
  operatorUserNames: string[];
  socketIdleMs: number;
  /** DRAIN_TIMEOUT_MS: on SIGTERM/SIGINT the drain (lifecycle/drain.ts) ends and the process exits within this. */
  drainTimeoutMs: number;
  socketLoginTimeoutMs: number;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Seconds in which a just-rotated refresh token, presented again, gets the same successor. */
  refreshGraceS: number;
  authRatePerMin: number;
  /** argon2id memory (KiB, at least 1,024) and passes of each new password hash (services/passwords.ts). */
  passwordHashMemoryKib: number;
  passwordHashIterations: number;
  /** API requests handled at once before new ones are shed with 503 + Retry-After (0 = no cap). */
  maxInFlight: number;
  /**
   * API calls one caller (its access or refresh token as sent, else its address) may hold
   * at once before its further calls are shed with 503 + Retry-After (0 = no bound).
   */
  maxInFlightPerUser: number;
  /** Event-loop delay (ms) above which API requests are shed with 503 + Retry-After (0 = off). */
  maxEventLoopDelayMs: number;
  /** RATE_LIMITS: JSON merged over the default per-endpoint budgets (limits/table.ts), or "off". */
  rateLimits: string | undefined;
  /** Most members of one group (wire-contract §1: 3,000). */
  groupMembersMax: number;
  /** Most admins of one group besides the owner (GROUP_ADMINS_MAX). */
  groupAdminsMax: number;
  /** Upload bytes per user and day (all upload endpoints); 0 = no byte budget. */
  uploadBytesPerDay: number;
  trustProxy: boolean;
  iceServers: IceServer[];
  /** EDIT_WINDOW_HOURS (default 48): how long after sending a message its sender may edit it. */
  editWindowMs: number;
  /** REACTION_COALESCE_MS (default 500): how long a group message's reaction changes gather into one notice. */
  reactionCoalesceMs: number;
  /** REACTION_SWEEP_MS (default 5000): how often a node looks for reaction notices another node left pending. */
  reactionSweepMs: number;
  /** CALL_RING_TIMEOUT_MS: how long a callee rings before the call ends as not answered (spec: 30 s). */
  callRingTimeoutMs: number;
  webrtcMaxChannel: number;
  /** TURN_SECRET + TURN_URLS (+ TURN_TTL_S): per-user TURN REST credentials in /system/config. */
  turn: TurnConfig | undefined;
  logLevel: string;
  /** METRICS_PORT: Prometheus `/metrics` on this port of METRICS_HOST (absent: no metrics port). */
  metricsPort: number | undefined;
  /** METRICS_HOST (default 127.0.0.1): the metrics port's address; only operators of the machine should reach it. */
  metricsHost: string;
  /** METRICS_TOKEN: `/metrics` also on the main port, for `Authorization: Bearer <token>` only. */
  metricsToken: string | undefined;
  /** SMTP_URL (smtp://user:pass@host:port, smtps://…): mail password reset links; absent → operators reset passwords. */
  smtpUrl: string | undefined;
  /** SMTP_FROM: the sender of the server's mail (default `Parley <no-reply@HOST of PUBLIC_URL>`). */
  smtpFrom: string;
  /** PUBLIC_URL: where users reach the app (https://chat.example.com), the base of mailed links. */
  publicUrl: string | undefined;
  /**
   * Epoch-ms clock for message send times and the recall window. Not read from the
   * environment: tests pass their own to control time without a test-only endpoint.
   */
  clock?: () => number;
  /**
   * Redis presence heartbeat (default 10 s; a node's entries count for 3 heartbeats).
   * Not read from the environment: tests shorten it to see a dead node swept.
   */
  presenceHeartbeatMs?: number;
  /**
   * How often this node sweeps call timers (default CALL_SWEEP_INTERVAL_MS; 0 = never).
   * Not read from the environment: tests switch it off and call `services.sweepCalls()`.
   */
  callSweepIntervalMs?: number;
  /**
   * PUSH_ENDPOINT_HOSTS: extra hosts (`host` or `host:port`, comma-separated) a web push
   * subscription may point at, over http or https, besides the browsers' push services.
   */
  pushEndpointHosts: string[];
  /**
   * OUTBOUND_FETCH (on unless `off`): may the server fetch URLs someone typed (the Discover
   * probe)? Off, nothing is fetched and a Discover link opens outside the app.
   */
  outboundFetch: boolean;
  /**
   * OUTBOUND_ALLOW_CIDRS: comma-separated address ranges (or addresses) the outbound fetcher
   * may reach although they are inside (an intranet site), on any port.
   */
  outboundAllowCidrs: string[];
  /**
   * LINK_PREVIEWS (on unless `off`): may the server read a page's title, description and
   * image for a link preview (docs/PROTOCOL.md "Link previews")? Off with OUTBOUND_FETCH=off too.
   */
  linkPreviews: boolean;
  /**
   * FRIEND_REQUESTS (on unless `off`): the default of "require my approval to add me" for
   * users who never chose (docs/PROTOCOL.md "Friend requests"); off keeps the instant add.
   */
  friendRequests: boolean;
  /**
   * Deadline of a preview's page and image fetches (default 5 s). Not read from the
   * environment: tests shorten it to see a slow page refused.
   */
  linkPreviewTimeoutMs?: number;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function str(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${raw}"`);
}

function cidrs(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (str(env, name) ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  for (const c of list) {
    try {
      parseCidr(c);
    } catch {
      throw new Error(`${name}: "${c}" is not an address or a CIDR range`);
    }
  }
  return list;
}

function iceServers(raw: string | undefined): IceServer[] {
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new Error('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
  return parsed as IceServer[];
}

/** A guessable token would open the metrics to anyone who reaches the main port. */
function metricsToken(token: string | undefined): string | undefined {
  if (token !== undefined && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

/** A mailed link needs to know where the app is: SMTP_URL without PUBLIC_URL is refused at start. */
function mailConfig(smtpUrl: string | undefined, from: string | undefined, publicUrl: string | undefined) {
  let host = 'localhost';
  if (publicUrl) {
    try {
      host = new URL(publicUrl).hostname;
    } catch {
      throw new Error(`PUBLIC_URL must be an absolute URL (https://chat.example.com), got "${publicUrl}"`);
    }
  }
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (smtpUrl && !publicUrl) throw new Error('SMTP_URL needs PUBLIC_URL (the address of the app in reset links)');
  return { smtpUrl, smtpFrom: from ?? `Parley <no-reply@${host}>`, publicUrl };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config: Config = {
    port: int(env, 'PORT', 8080),
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(process.cwd(), str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: str(env, 'DATABASE_URL'),
    redisUrl: str(env, 'REDIS_URL'),
    redisPrefix: str(env, 'REDIS_PREFIX') ?? 'parley:',
    webDist: path.resolve(process.cwd(), str(env, 'WEB_DIST') ?? path.join(serverRoot, '..', 'web', 'dist')),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', Limits.UPLOAD_MAX_BYTES),
    media: mediaConfig(env),
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', Limits.IMAGE_MAX_PIXELS),
    imageConcurrency: Math.max(1, int(env, 'IMAGE_CONCURRENCY', 2)),
    jwtSecret: str(env, 'JWT_SECRET'),
    trialUserName: (str(env, 'TRIAL_USERNAME') ?? 'trial@parley.chat').toLowerCase(),
    trialPassword: str(env, 'TRIAL_PASSWORD') ?? 'parley123',
    operatorUserNames: (str(env, 'OPERATOR_USERNAMES') ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== ''),
    pushEndpointHosts: (str(env, 'PUSH_ENDPOINT_HOSTS') ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== ''),
    outboundFetch: onOff(env, 'OUTBOUND_FETCH', true),
    outboundAllowCidrs: cidrs(env, 'OUTBOUND_ALLOW_CIDRS'),
    linkPreviews: onOff(env, 'LINK_PREVIEWS', true),
    friendRequests: onOff(env, 'FRIEND_REQUESTS', true),
    socketIdleMs: int(env, 'SOCKET_IDLE_MS', Timing.SOCKET_IDLE_CLOSE_MS),
    drainTimeoutMs: int(env, 'DRAIN_TIMEOUT_MS', 10_000),
    socketLoginTimeoutMs: int(env, 'SOCKET_LOGIN_TIMEOUT_MS', Timing.SOCKET_LOGIN_TIMEOUT_MS),
    accessTokenTtlS: int(env, 'ACCESS_TOKEN_TTL_S', Timing.ACCESS_TOKEN_TTL_S),
    refreshTokenTtlS: int(env, 'REFRESH_TOKEN_TTL_S', Timing.REFRESH_TOKEN_TTL_S),
    refreshGraceS: int(env, 'REFRESH_GRACE_S', Timing.REFRESH_GRACE_S),
    authRatePerMin: int(env, 'AUTH_RATE_PER_MIN', Limits.AUTH_RATE_PER_MIN),
    passwordHashMemoryKib: int(env, 'PASSWORD_HASH_MEMORY_KIB', DEFAULT_PASSWORD_COST.memoryKib),
    passwordHashIterations: int(env, 'PASSWORD_HASH_ITERATIONS', DEFAULT_PASSWORD_COST.iterations),
    rateLimits: str(env, 'RATE_LIMITS'),
    maxInFlight: int(env, 'MAX_IN_FLIGHT', 512),
    maxInFlightPerUser: int(env, 'MAX_IN_FLIGHT_PER_USER', 16),
    maxEventLoopDelayMs: int(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000),
    groupMembersMax: int(env, 'GROUP_MEMBERS_MAX', Limits.GROUP_MEMBERS_MAX),
    groupAdminsMax: int(env, 'GROUP_ADMINS_MAX', Limits.GROUP_ADMINS_MAX),
    uploadBytesPerDay: int(env, 'UPLOAD_BYTES_PER_DAY', DEFAULT_EXTRA_LIMITS.uploadBytesPerDay),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    iceServers: iceServers(str(env, 'ICE_SERVERS')),
    editWindowMs: int(env, 'EDIT_WINDOW_HOURS', Timing.EDIT_WINDOW_MS / 3_600_000) * 3_600_000,
    reactionCoalesceMs: int(env, 'REACTION_COALESCE_MS', REACTION_COALESCE_MS),
    reactionSweepMs: Math.max(100, int(env, 'REACTION_SWEEP_MS', 5_000)),
    callRingTimeoutMs: Math.max(1_000, int(env, 'CALL_RING_TIMEOUT_MS', RING_TIMEOUT_MS)),
    webrtcMaxChannel: int(env, 'WEBRTC_MAX_CHANNEL', WEBRTC_MAX_CHANNEL_DEFAULT),
    turn: parseTurnConfig(
      str(env, 'TURN_SECRET'),
      str(env, 'TURN_URLS'),
      int(env, 'TURN_TTL_S', TURN_CREDENTIAL_TTL_S),
    ),
    callSweepIntervalMs: CALL_SWEEP_INTERVAL_MS,
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    metricsPort: str(env, 'METRICS_PORT') === undefined ? undefined : int(env, 'METRICS_PORT', 0),
    metricsHost: str(env, 'METRICS_HOST') ?? '127.0.0.1',
    metricsToken: metricsToken(str(env, 'METRICS_TOKEN')),
    ...mailConfig(str(env, 'SMTP_URL'), str(env, 'SMTP_FROM'), str(env, 'PUBLIC_URL')),
  };
  return { ...config, ...overrides };
}

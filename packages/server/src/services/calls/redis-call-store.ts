/**
 * CallStore in Redis (docs/CALLS.md §6), chosen when REDIS_URL is set. Keys under the
 * Redis prefix: `call:{id}` = {"v":version,"call":…}, `call-scope:{scope}` and
 * `call-user:{userId}` = the call id (the busy flag), `call-due` = sorted set of call
 * ids by deadline. create and update are Lua scripts, so each check-and-write is
 * atomic without WATCH (ioredis shares one connection). Every key written gets a
 * 5-minute TTL, refreshed by each write (heartbeats write), so calls cannot stay busy
 * for ever once every node is gone.
 */
import type { Redis } from 'ioredis';
import type { CallCounts, CallStore, StoredCall, Versioned, Write } from './call-store.js';

const KEY_TTL_MS = 5 * 60_000;

/*
 * KEYS: call, scope, due, then the users to claim.
 * ARGV: callId, call JSON, deadline, ttl.
 * Returns {'ok'} | {'scope'} | {'busy', i…} (1-based indexes into the claimed users).
 */
const CREATE = `
if redis.call('EXISTS', KEYS[2]) == 1 then return {'scope'} end
local busy = {'busy'}
for i = 4, #KEYS do
  local v = redis.call('GET', KEYS[i])
  if v and v ~= ARGV[1] then table.insert(busy, i - 3) end
end
if #busy > 1 then return busy end
redis.call('SET', KEYS[1], '{"v":1,"call":' .. ARGV[2] .. '}', 'PX', ARGV[4])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[4])
for i = 4, #KEYS do redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[4]) end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
return {'ok'}
`;

/*
 * KEYS: call, scope, due, then the next members' user keys (ARGV[5] of them), then the
 * user keys to release. ARGV: callId, version, call JSON ('' deletes), deadline, count, ttl.
 * Returns {'ok'} | {'conflict'} | {'busy', i…}.
 */
const UPDATE = `
local cur = redis.call('GET', KEYS[1])
if not cur or tonumber(string.match(cur, '^{"v":(%d+),')) ~= tonumber(ARGV[2]) then return {'conflict'} end
local n = tonumber(ARGV[5])
local ttl = ARGV[6]
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
  for i = 4, #KEYS do
    if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
  end
  redis.call('ZREM', KEYS[3], ARGV[1])
  return {'ok'}
end
local busy = {'busy'}
for i = 4, 3 + n do
  local v = redis.call('GET', KEYS[i])
  if v and v ~= ARGV[1] then table.insert(busy, i - 3) end
end
if #busy > 1 then return busy end
redis.call('SET', KEYS[1], '{"v":' .. (tonumber(ARGV[2]) + 1) .. ',"call":' .. ARGV[3] .. '}', 'PX', ttl)
redis.call('SET', KEYS[2], ARGV[1], 'PX', ttl)
for i = 4, 3 + n do redis.call('SET', KEYS[i], ARGV[1], 'PX', ttl) end
for i = 4 + n, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ttl)
return {'ok'}
`;

interface CallScripts {
  callCreate(...args: (string | number)[]): Promise<(string | number)[]>;
  callUpdate(...args: (string | number)[]): Promise<(string | number)[]>;
}

export class RedisCallStore implements CallStore {
  readonly name = 'redis';
  private readonly redis: Redis & CallScripts;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly closeConnection: () => Promise<void> = async () => undefined,
  ) {
    redis.defineCommand('callCreate', { lua: CREATE });
    redis.defineCommand('callUpdate', { lua: UPDATE });
    this.redis = redis as Redis & CallScripts;
  }

  private callKey = (id: string) => `${this.prefix}call:${id}`;
  private scopeKey = (scope: string) => `${this.prefix}call-scope:${scope}`;
  private userKey = (userId: number) => `${this.prefix}call-user:${userId}`;
  private get dueKey() {
    return `${this.prefix}call-due`;
  }

  async get(callId: string): Promise<Versioned | null> {
    const raw = await this.redis.get(this.callKey(callId));
    if (!raw) return null;
    const doc = JSON.parse(raw) as { v: number; call: StoredCall };
    return { call: doc.call, version: doc.v };
  }

  async byScope(scope: string): Promise<Versioned | null> {
    const id = await this.redis.get(this.scopeKey(scope));
    return id ? this.get(id) : null;
  }

  async byUser(userId: number): Promise<Versioned | null> {
    const id = await this.redis.get(this.userKey(userId));
    return id ? this.get(id) : null;
  }

  async create(call: StoredCall, deadline: number): Promise<Write> {
    const users = call.members.map((m) => m.userId);
    const keys = [this.callKey(call.id), this.scopeKey(call.scope), this.dueKey, ...users.map(this.userKey)];
    const reply = await this.redis.callCreate(
      keys.length,
      ...keys,
      call.id,
      JSON.stringify(call),
      deadline,
      KEY_TTL_MS,
    );
    return toWrite(reply, users);
  }

  async update(callId: string, version: number, next: StoredCall | null, deadline: number): Promise<Write> {
    const prev = await this.get(callId);
    if (!prev || prev.version !== version) return 'conflict';
    const after = (next?.members ?? []).map((m) => m.userId);
    const released = prev.call.members.map((m) => m.userId).filter((u) => !after.includes(u));
    const keys = [
      this.callKey(callId),
      this.scopeKey(prev.call.scope),
      this.dueKey,
      ...after.map(this.userKey),
      ...released.map(this.userKey),
    ];
    const reply = await this.redis.callUpdate(
      keys.length,
      ...keys,
      callId,
      version,
      next ? JSON.stringify(next) : '',
      deadline,
      after.length,
      KEY_TTL_MS,
    );
    return toWrite(reply, after);
  }

  /** Counts the scope keys ('p:…' private, 'g:…' group) with SCAN: read only when metrics are scraped. */
  async inProgress(): Promise<CallCounts> {
    const count = async (kind: 'p' | 'g') => {
      let n = 0;
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.scopeKey(`${kind}:*`), 'COUNT', 1000);
        cursor = next;
        n += keys.length;
      } while (cursor !== '0');
      return n;
    };
    const [p, g] = await Promise.all([count('p'), count('g')]);
    return { private: p, group: g };
  }

  async due(now: number, limit: number): Promise<string[]> {
    const ids = await this.redis.zrangebyscore(this.dueKey, '-inf', now, 'LIMIT', 0, limit);
    if (ids.length === 0) return [];
    // A call whose key expired (no node wrote it for 5 minutes) leaves the set: no record can be written for it.
    const docs = await this.redis.mget(ids.map(this.callKey));
    const gone = ids.filter((_, i) => docs[i] === null);
    if (gone.length > 0) await this.redis.zrem(this.dueKey, ...gone);
    return ids.filter((_, i) => docs[i] !== null);
  }

  close(): Promise<void> {
    return this.closeConnection();
  }
}

function toWrite(reply: (string | number)[], users: number[]): Write {
  const [status, ...rest] = reply;
  if (status === 'ok') return 'ok';
  if (status === 'conflict') return 'conflict';
  if (status === 'scope') return { scopeTaken: true };
  return { busy: rest.map((i) => users[Number(i) - 1]!) };
}

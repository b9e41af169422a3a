/** ioredis connections for the Redis bus and presence (REDIS_URL). */
import { type Command, Redis } from 'ioredis';

export type RedisErrorLog = (err: unknown, what: string) => void;
/** Told each command's latency in seconds (metrics); absent, commands are not timed. */
export type RedisCommandTimer = (seconds: number) => void;

/**
 * Opens one connection and waits until it is ready, so a wrong REDIS_URL fails the
 * start instead of retrying in the background. Afterwards ioredis reconnects on its
 * own; errors while it does so go to `onError` (an unhandled 'error' would crash).
 */
export async function openRedis(
  url: string,
  name: string,
  onError: RedisErrorLog,
  onCommand?: RedisCommandTimer,
): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, connectionName: name, maxRetriesPerRequest: 20 });
  if (onCommand) timeCommands(client, onCommand);
  let started = false;
  client.on('error', (err: unknown) => {
    if (started) onError(err, `redis ${name}`);
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`cannot connect to Redis at ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
  started = true;
  return client;
}

/** Every command's time from being sent to its answer (or error), through ioredis's one entry point. */
function timeCommands(client: Redis, onCommand: RedisCommandTimer): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    const start = performance.now();
    const done = () => onCommand((performance.now() - start) / 1000);
    command.promise.then(done, done);
    return send(command, stream);
  };
}

/** The URL without its password, for logs and errors. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/** Closes politely (QUIT); falls back to a hard disconnect when the server is gone. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => setTimeout(() => reject(new Error('quit')), 1000))]);
  } catch {
    client.disconnect();
  }
}

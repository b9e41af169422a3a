/** `npm start`: run the server with configuration from the environment. */
import { APP_VERSION } from '@parley/protocol';
import { createApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const server = await createApp(config);
const url = await server.listen();

const banner = [
  '',
  `  Parley ${APP_VERSION} is running`,
  `  Open:     ${url}`,
  `  Database: ${server.db.describe}`,
  `  Data:     ${config.dataDir}`,
  `  Media:    ${config.media.kind === 's3' ? `S3 bucket ${config.media.bucket}${config.media.prefix ? ` under ${config.media.prefix}` : ''}` : `${config.dataDir}/uploads`}`,
  ...(server.metricsUrl ? [`  Metrics:  ${server.metricsUrl}`] : []),
  ...(config.metricsToken ? [`  Metrics:  ${url}/metrics (bearer METRICS_TOKEN)`] : []),
  `  Trial account${server.trialCreated ? ' (created now)' : ''}: ${config.trialUserName} / ${config.trialPassword}`,
  '',
].join('\n');
console.log(banner);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal, timeoutMs: config.drainTimeoutMs }, 'draining');
  // The bound: a stuck drain or close must not keep the process alive.
  setTimeout(() => {
    server.app.log.error('drain exceeded DRAIN_TIMEOUT_MS; exiting');
    process.exit(1);
  }, config.drainTimeoutMs).unref();
  try {
    await server.drain(config.drainTimeoutMs);
    process.exit(0);
  } catch (err) {
    server.app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

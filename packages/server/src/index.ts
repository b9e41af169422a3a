/** Public entry for other packages (e2e harness, bench): build and run a server in-process. */
export { createApp, type ParleyServer } from './app.js';
export { loadConfig, type Config } from './config.js';
export type { Services } from './services/index.js';
/** For scripts/operator.ts: the same database the server uses, migrated. */
export { openDb } from './db/connect.js';
export { migrateToLatest } from './db/migrate.js';
export { setOperator, type OperatorChange } from './services/console/operators.js';
export { resetPasswordByName } from './services/password-reset/new-password.js';
export { Passwords } from './services/passwords.js';

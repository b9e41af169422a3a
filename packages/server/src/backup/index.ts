/** Backup and restore of the data directory (docs/BACKUP.md), for scripts/backup.ts and scripts/restore.ts. */
export { createBackup, type BackupOptions } from './backup.js';
export { restoreBackup, readBackup, verifyBackup, type RestoreOptions } from './restore.js';
export { parseManifest, type Manifest } from './manifest.js';
export { loadConfig } from '../config.js';

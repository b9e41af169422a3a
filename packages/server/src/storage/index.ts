/** The media storage of this node, from MEDIA_STORAGE (media-storage.ts says what a backend does). */
import path from 'node:path';
import type { MediaConfig } from './config.js';
import { LocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { S3Storage } from './s3-storage.js';

export type { MediaConfig } from './config.js';
export { mediaConfig } from './config.js';
export type { MediaStorage, MediaObject, ByteRange } from './media-storage.js';

/** The local folder of media: DATA_DIR/uploads (also what the SQLite backup copies). */
export const localMediaRoot = (dataDir: string): string => path.join(dataDir, 'uploads');

export function createMediaStorage(media: MediaConfig, dataDir: string): MediaStorage {
  return media.kind === 's3' ? new S3Storage(media) : new LocalStorage(localMediaRoot(dataDir));
}

/** Said at start when several nodes (REDIS_URL) keep media on their own disks: each would see only its own uploads. */
export function clusterMediaWarning(media: MediaConfig, redisUrl: string | undefined): string | undefined {
  if (!redisUrl || media.kind !== 'local') return undefined;
  return (
    'REDIS_URL is set (several nodes) but MEDIA_STORAGE is local: an upload stored on one node is ' +
    'missing on the others unless DATA_DIR/uploads is one shared folder. Set MEDIA_STORAGE=s3 and the S3_* settings.'
  );
}

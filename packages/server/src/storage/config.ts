/** MEDIA_STORAGE and the S3_* settings, checked strictly at start (README "Configuration"). */

export interface S3Settings {
  /** S3_ENDPOINT: the service's URL for anything but AWS (MinIO, Ceph RGW, R2); absent → AWS by region. */
  endpoint: string | undefined;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_BUCKET: must exist; Parley never creates or deletes buckets. */
  bucket: string;
  /** S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY; both absent → the SDK's own chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE: `true` for MinIO and most self-hosted servers (bucket in the path, not the host name). */
  forcePathStyle: boolean;
  /** S3_PREFIX: keys go under this folder of the bucket (`parley/`), so one bucket can hold several things. */
  prefix: string;
}

export type MediaConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

const get = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
};

export function mediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const kind = (get(env, 'MEDIA_STORAGE') ?? 'local').toLowerCase();
  if (kind !== 'local' && kind !== 's3') throw new Error(`MEDIA_STORAGE must be local or s3, got "${kind}"`);
  if (kind === 'local') {
    const stray = S3_NAMES.filter((n) => get(env, n) !== undefined);
    // S3 settings without MEDIA_STORAGE=s3 would silently keep media on this disk.
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set but MEDIA_STORAGE is not s3`);
    return { kind: 'local' };
  }
  const bucket = get(env, 'S3_BUCKET');
  if (!bucket) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`S3_BUCKET must be a bucket name (3–63 of a-z 0-9 . -), got "${bucket}"`);
  }
  const endpoint = get(env, 'S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
    }
  }
  const accessKeyId = get(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = get(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or both absent for the SDK default chain)');
  }
  const pathStyle = (get(env, 'S3_FORCE_PATH_STYLE') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  let prefix = get(env, 'S3_PREFIX') ?? '';
  if (prefix !== '') {
    prefix = prefix.replace(/^\/+|\/+$/g, '');
    if (!/^[A-Za-z0-9._\-/]+$/.test(prefix) || prefix.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new Error(`S3_PREFIX must be a folder path of A-Z a-z 0-9 . _ - /, got "${get(env, 'S3_PREFIX')}"`);
    }
    prefix += '/';
  }
  return {
    kind: 's3',
    endpoint,
    region: get(env, 'S3_REGION') ?? 'us-east-1',
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix,
  };
}

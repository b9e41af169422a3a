/**
 * A real S3-protocol server for the tests of the S3 media backend (issue 23 point 1):
 * s3rver from npm, listening on loopback, objects in a temp folder, checking request
 * signatures like S3. Zenko CloudServer cannot be installed here (its dependencies come
 * from git repositories, not the npm registry) and Debian's radosgw (Ceph 16) needs a
 * whole RADOS cluster; docs/MEDIA-STORAGE.md says so. Never a mock of the SDK.
 *
 * Each call starts its own server with its own bucket (stop() ends both), so a test can
 * stop it to see `/readyz` go unready, and two test files never share objects.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's one account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** MEDIA_STORAGE and S3_* settings for a Parley server on this bucket. */
  env: Record<string, string>;
  bucket: string;
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** Every key in the bucket, sorted (what a failed upload must not leave). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-s3-'));
  const bucket = `parley-${crypto.randomBytes(6).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (err) {
    await fs.rm(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  let stopped = false;
  return {
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    bucket,
    endpoint,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

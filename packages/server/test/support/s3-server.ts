/**
 * TEMPORARY stand-in until branch `s3` (the S3 media backend) is merged: that branch
 * brings the real module with this API (an S3 server on loopback, its MEDIA_STORAGE=s3
 * and S3_* settings in `env`). Here it only says it is not there.
 */
export const s3Available = false;

export async function startS3Server(): Promise<{ env: Record<string, string>; bucket: string; stop(): Promise<void> }> {
  throw new Error('s3 branch not merged');
}

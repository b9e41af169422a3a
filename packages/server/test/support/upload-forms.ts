/** Multipart bodies and file contents of the upload tests (local disk and S3 alike). */
import crypto from 'node:crypto';

/** A form from `[field, value, filename?, content type?]`: strings as fields, buffers as files. */
export const form = (parts: [string, Buffer | string, string?, string?][]): FormData => {
  const f = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)], { type: type ?? 'application/octet-stream' }), filename);
  }
  return f;
};
export const bytes = (n: number): Buffer => crypto.randomBytes(n);
/** An MP4 by its `ftyp` box, then noise. */
export const mp4 = (n = 4096): Buffer => Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), bytes(n)]);

/** Upload URLs ↔ storage keys: the key is the URL path below UPLOADS_PATH, the file name decoded. */
import { isUploadUrl, UPLOADS_PATH, uploadFileName } from '@parley/protocol';

/** The key of an upload URL of the exact shapes the server hands out (protocol uploads.ts); else undefined. */
export function keyOfUrl(url: string): string | undefined {
  if (!isUploadUrl(url)) return undefined;
  const rel = url.slice(UPLOADS_PATH.length + 1);
  const name = uploadFileName(url);
  // Image and video shapes hold no escapes; a file's last segment is its encoded name.
  return name === undefined ? rel : `${rel.slice(0, rel.lastIndexOf('/'))}/${name}`;
}

/** The URL under which a stored key is served. */
export function urlOfKey(key: string): string {
  return `${UPLOADS_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The exact shapes of the URLs this server hands out for uploads (wire-contract §7).
 * Media fields (avatars, complaint evidence, message content) accept only these, so
 * a profile or message can never point at another host (`//evil.example/x.png`,
 * `/\evil.example`) or outside the uploads folder (`/uploads/../secrets.json`).
 */
import { UPLOADS_PATH } from './api.js';

/**
 * - `image`: `/uploads/<yyyy>/<mm>/<32 hex>[_thumb|_full].<jpg|png|gif|webp>` (image upload)
 * - `file`: `/uploads/files/<yyyy>/<mm>/<32 hex>/<encodeURIComponent(name)>` (file upload)
 * - `video`: `/uploads/videos/<yyyy>/<mm>/<32 hex>.<mp4|mov|webm>` (video upload)
 */
export type UploadKind = 'image' | 'file' | 'video';

/** Longest upload URL: a file name of 180 UTF-8 bytes is up to 540 characters once encoded. */
export const UPLOAD_URL_MAX = 1024;

const month = String.raw`\d{4}/\d{2}`;
const hex = '[0-9a-f]{32}';
let shapes: Record<UploadKind, RegExp> | undefined;

/** Built on first use: api.ts (UPLOADS_PATH) imports the schemas that import this module. */
function shapesOf(): Record<UploadKind, RegExp> {
  if (shapes) return shapes;
  const base = UPLOADS_PATH.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  shapes = {
    image: new RegExp(`^${base}/${month}/${hex}(?:_thumb|_full)?\\.(?:jpg|png|gif|webp)$`),
    // Exactly what encodeURIComponent produces: unreserved characters and %XX escapes.
    file: new RegExp(`^${base}/files/${month}/${hex}/((?:[A-Za-z0-9\\-_.!~*'()]|%[0-9A-Fa-f]{2})+)$`),
    video: new RegExp(`^${base}/videos/${month}/${hex}\\.(?:mp4|mov|webm)$`),
  };
  return shapes;
}

const ALL_KINDS: readonly UploadKind[] = ['image', 'file', 'video'];

/** The stored name of a file upload URL's last segment; undefined when it could not have come from the server. */
export function uploadFileName(url: string): string | undefined {
  const m = shapesOf().file.exec(url);
  if (!m?.[1]) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(m[1]);
  } catch {
    return undefined; // a broken escape such as %E0%A4
  }
  // The server never stores such names (safeFileName): a decoded `/` or `..` would leave the folder.
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || name.startsWith('.')) return undefined;
  return name;
}

/** True when `url` has the exact shape of an upload of `kind` (any kind when omitted, or one of a list). */
export function isUploadUrl(url: string, kind?: UploadKind | readonly UploadKind[]): boolean {
  if (typeof url !== 'string' || url.length > UPLOAD_URL_MAX) return false;
  const kinds = kind === undefined ? ALL_KINDS : typeof kind === 'string' ? [kind] : kind;
  return kinds.some((k) => (k === 'file' ? uploadFileName(url) !== undefined : shapesOf()[k].test(url)));
}

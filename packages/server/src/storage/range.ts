/** The Range header of a download (RFC 9110 §14): one byte range, as players and resumable downloads send. */
import type { ByteRange } from './media-storage.js';

/**
 * `bytes=a-b`, `bytes=a-` or `bytes=-n` against an object of `size` bytes: the range (clipped
 * to the object), 'unsatisfiable' (416), or undefined to send the whole object (no header, a
 * header we do not read, or several ranges: a 200 with everything is a valid answer to those).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m) return undefined;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return to === '' ? 'unsatisfiable' : undefined;
  return { start, end };
}

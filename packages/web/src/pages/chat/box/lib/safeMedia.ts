/**
 * What a message may make the browser do by itself: load and open only this server's
 * uploads (and the sender's own local previews); anything else (older messages may
 * hold outside URLs) goes through the external-link warning on a tap. And file names
 * shown as they are spelled: a bidi override in `invoice\u202Efdp.exe` would show it
 * as "invoiceexe.pdf".
 */
import { isUploadUrl } from '@parley/protocol';
import { Paths } from '../../../../routes/paths';

/** Embeddings, overrides, isolates and the direction marks (LRM, RLM, ALM). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name without bidi controls; show it inside <bdi> (or isolated()) so it cannot reorder what is around it. */
export const plainFileName = (name: string): string => name.replace(BIDI_CONTROLS, '');

/** Text form of <bdi>: first-strong isolate … pop directional isolate. */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

function isOwnBlob(url: string): boolean {
  const origin = globalThis.location?.origin;
  return Boolean(origin) && origin !== 'null' && url.startsWith(`blob:${origin}/`);
}

/** This server's upload path, or an object URL of this page (a file still uploading). */
export const isOwnMediaUrl = (url: string): boolean => isUploadUrl(url) || isOwnBlob(url);

/** The route of the external-link warning for `url`. */
export const externalLinkPath = (url: string): string => `${Paths.externalLink}?url=${encodeURIComponent(url)}`;

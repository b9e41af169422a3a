/**
 * Discover (docs/PROTOCOL.md "Discover"): the external links of the Discover tab,
 * listed for every signed-in user and managed in the moderation console.
 */
import { z } from 'zod';
import { cleanMultiline, cleanText, hasForbiddenChars } from '../text.js';
import { bodyId, charactersIssue, mediaUrl, plainText } from './fields.js';

export const DiscoverLimits = {
  TITLE_MAX: 64,
  URL_MAX: 512,
  DESCRIPTION_MAX: 256,
  SORT_MAX: 1_000_000,
  /** Links one reorder may list (the console lists them all). */
  REORDER_MAX: 500,
  /** The frameability probe gives up after this long (the link then opens outside). */
  PROBE_TIMEOUT_MS: 3_000,
} as const;

const invalid = { error: 'invalidParam' } as const;
const format = { error: 'invalidParam', params: { rule: 'format' } } as const;

/**
 * An absolute http(s) URL: a host name or IPv4/[IPv6] address, optional port, path,
 * query and fragment; no credentials (`user@`), spaces or control characters.
 */
const WEB_URL =
  // eslint-disable-next-line no-control-regex
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s\u0000-\u001f\u007f]*)?$/i;
export const isWebUrl = (s: string): boolean => WEB_URL.test(s);

export const discoverLink = z.object({
  id: z.number().int(),
  title: z.string(),
  iconUrl: z.string(),
  url: z.string(),
  description: z.string(),
  sort: z.number().int(),
  featured: z.boolean(),
  bannerUrl: z.string(),
  /** The page may be shown in an iframe (the server's probe on save); else it opens outside. */
  frameable: z.boolean(),
});
export type DiscoverLink = z.infer<typeof discoverLink>;

/** Without `id`: a new link; with it: that link replaced. */
export const discoverSaveRequest = z.strictObject({
  id: bodyId.optional(),
  title: z
    .string(invalid)
    .overwrite(cleanText)
    .trim()
    .min(1, invalid)
    .max(DiscoverLimits.TITLE_MAX, invalid)
    .refine(plainText, charactersIssue),
  iconUrl: mediaUrl,
  url: z.string(invalid).trim().min(1, invalid).max(DiscoverLimits.URL_MAX, invalid).refine(isWebUrl, format),
  description: z
    .string(invalid)
    .overwrite(cleanMultiline)
    .trim()
    .max(DiscoverLimits.DESCRIPTION_MAX, invalid)
    .refine((s) => !hasForbiddenChars(s, { newlines: true }), charactersIssue),
  sort: z.number(invalid).int(invalid).min(0, invalid).max(DiscoverLimits.SORT_MAX, invalid),
  featured: z.boolean(invalid),
  bannerUrl: mediaUrl,
});
export type DiscoverSaveRequest = z.infer<typeof discoverSaveRequest>;
export const discoverDeleteRequest = z.strictObject({ id: bodyId });
/** The links in their new display order (each once): one change, one audit row. */
export const discoverReorderRequest = z.strictObject({
  ids: z
    .array(bodyId, invalid)
    .min(1, invalid)
    .max(DiscoverLimits.REORDER_MAX, invalid)
    .refine((ids) => new Set(ids).size === ids.length, format),
});
export type DiscoverReorderRequest = z.infer<typeof discoverReorderRequest>;

/**
 * Link previews (issue 21 point 4, docs/PROTOCOL.md "Link previews"): the server reads
 * a page's Open Graph / HTML meta tags through its guarded fetcher and stores the
 * page's image as an upload, so a receiver never contacts the linked site. A message
 * names the preview by its URL only; the server attaches the one it cached, so a
 * sender cannot forge what the card shows.
 */
import { z } from 'zod';
import { isWebUrl } from './discover.js';

export const LinkPreviewLimits = {
  /** Longest URL asked about (a text holds at most 1,024 characters; a pasted link may be longer). */
  URL_MAX: 2_048,
  /** What is kept of a page's texts (characters, after trimming white space). */
  TITLE_MAX: 200,
  DESCRIPTION_MAX: 300,
  SITE_NAME_MAX: 100,
  /** A cached preview (or a page with nothing usable) is reused this long, then fetched again. */
  CACHE_MS: 24 * 60 * 60 * 1000,
  /** The composer asks after the text has been still this long. */
  DEBOUNCE_MS: 500,
} as const;

const format = { error: 'invalidParam', params: { rule: 'format' } } as const;

const previewUrl = z
  .string({ error: 'invalidParam' })
  .min(1, { error: 'invalidParam' })
  .max(LinkPreviewLimits.URL_MAX, { error: 'invalidParam' })
  .refine(isWebUrl, format);

/** `POST /message/linkPreview`: the preview of `url` (fetched, or from the day's cache). */
export const linkPreviewRequest = z.strictObject({ url: previewUrl });
export type LinkPreviewRequest = z.infer<typeof linkPreviewRequest>;

/** The page's image, stored as an image upload of this server (served like any uploaded image). */
export const linkPreviewImage = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * A preview: `url` as asked (the link in the text), `title`, `description` and
 * `siteName` (each may be empty, never all three with no image), `image` when the page
 * named one that could be fetched.
 */
export const linkPreview = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  siteName: z.string(),
  image: linkPreviewImage.optional(),
});
export type LinkPreview = z.infer<typeof linkPreview>;

/**
 * `linkPreview` of a TEXT send: the URL of a link in `content` whose preview the
 * sender saw. The server attaches its cached preview of that URL, or none (not in the
 * text, never previewed, expired, not a TEXT message).
 */
export const linkPreviewChoice = z.strictObject({ url: previewUrl });

/**
 * An edit keeps a message's preview while the new text still holds its link; one that
 * takes the link out drops it. Server and clients apply this same rule to the EDIT.
 */
export const keepsLinkPreview = (preview: { url: string }, content: string): boolean => content.includes(preview.url);

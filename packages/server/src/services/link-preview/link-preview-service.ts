/**
 * Link previews (issue 21 point 4, docs/PROTOCOL.md "Link previews").
 *
 * - `preview(url)`: the page is fetched through the one guarded fetcher (no inside
 *   addresses, redirects checked again, size and time caps), its meta tags read
 *   (parse.ts), its image fetched once the same way and stored as an image upload, so
 *   receivers load it from us and never contact the linked site. The answer is cached
 *   per URL for a day (a page with nothing usable too); a fetch that failed is not.
 *   Concurrent asks for one URL on this node share one fetch.
 * - `attach(...)`: what a TEXT send stores with the message. Only the cached preview of
 *   a URL that occurs in the text: the sender names a link, never the card's fields,
 *   so a preview cannot be forged; nothing is fetched on the send path.
 */
import type { Kysely } from 'kysely';
import { LinkPreviewLimits, MessageType, linkPreview, type LinkPreview } from '@parley/protocol';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { OutboundFetcher } from '../outbound/fetch.js';
import type { UploadService } from '../upload.js';
import { decodePage, parsePage, type PageMeta } from './parse.js';

/** Of a page, the start is read (the head is there); the rest is never downloaded. */
const PAGE_MAX_BYTES = 512 * 1024;
/** A preview image larger than this is left out (the card shows no image). */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i;
const IMAGE = /^image\/(jpeg|png|webp|gif)\b/i;
const USER_AGENT = 'Mozilla/5.0 (compatible; ParleyLinkPreview/1)';

export interface LinkPreviewOptions {
  /** LINK_PREVIEWS and OUTBOUND_FETCH both on. */
  enabled: boolean;
  /** Deadline of the page fetch, and again of the image fetch. */
  timeoutMs: number;
  /** Charges the asker for the image bytes stored; rejects when their daily upload budget is spent. */
  spendBytes: (userId: number, bytes: number) => Promise<void>;
}

/** LINK_PREVIEWS=off turns previews off, and so does OUTBOUND_FETCH=off (nothing may be fetched). */
export const previewsEnabled = (config: Pick<Config, 'linkPreviews' | 'outboundFetch'>): boolean =>
  config.linkPreviews && config.outboundFetch;

export class LinkPreviewService {
  private readonly inFlight = new Map<string, Promise<LinkPreview>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly outbound: OutboundFetcher,
    private readonly uploads: UploadService,
    private readonly clock: () => number,
    private readonly options: LinkPreviewOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /**
   * The preview of `url`, asked by `userId`: cached, or fetched now (the image stored on
   * the asker's upload bytes). linkPreviewOff / linkPreviewNone / linkPreviewFailed.
   */
  async preview(userId: number, url: string): Promise<LinkPreview> {
    if (!this.options.enabled) throw new AppError('linkPreviewOff');
    const cached = await this.cached(url);
    if (cached) {
      if (cached.preview === null) throw new AppError('linkPreviewNone');
      return cached.preview;
    }
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.fetchAndStore(userId, url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  /**
   * The preview JSON a TEXT send stores (the column `link_preview`), or null: previews
   * off, not TEXT, no choice, the URL not in the text, nothing cached for it.
   */
  async attach(type: number, content: string, choice: { url: string } | undefined): Promise<string | null> {
    if (!this.options.enabled || type !== MessageType.TEXT || !choice || !content.includes(choice.url)) return null;
    const cached = await this.cached(choice.url);
    return cached?.preview ? JSON.stringify(cached.preview) : null;
  }

  /** An unexpired cache entry (`preview` null: nothing usable), or undefined. */
  private async cached(url: string): Promise<{ preview: LinkPreview | null } | undefined> {
    const row = await this.db
      .selectFrom('link_previews')
      .select(['preview', 'fetched_at'])
      .where('url', '=', url)
      .executeTakeFirst();
    if (!row || this.clock() - row.fetched_at >= LinkPreviewLimits.CACHE_MS) return undefined;
    if (row.preview === null) return { preview: null };
    const parsed = linkPreview.safeParse(JSON.parse(row.preview));
    return parsed.success ? { preview: parsed.data } : undefined;
  }

  private async fetchAndStore(userId: number, url: string): Promise<LinkPreview> {
    const meta = await this.readPage(url);
    const image = meta?.imageUrl ? await this.storeImage(userId, meta.imageUrl) : undefined;
    const usable = meta && (meta.title !== '' || meta.description !== '' || image !== undefined);
    const preview: LinkPreview | null = usable
      ? {
          url,
          title: meta.title,
          description: meta.description,
          siteName: meta.siteName || siteOf(url),
          ...(image && { image }),
        }
      : null;
    const row = { url, preview: preview && JSON.stringify(preview), fetched_at: this.clock() };
    // The table holds a day's links: each new entry sweeps the expired ones (their images stay,
    // as messages may show them).
    await this.db
      .deleteFrom('link_previews')
      .where('fetched_at', '<=', row.fetched_at - LinkPreviewLimits.CACHE_MS)
      .execute();
    await this.db
      .insertInto('link_previews')
      .values(row)
      .onConflict((oc) => oc.column('url').doUpdateSet({ preview: row.preview, fetched_at: row.fetched_at }))
      .execute();
    if (!preview) throw new AppError('linkPreviewNone');
    return preview;
  }

  /** The page's meta; undefined when it is not HTML. linkPreviewFailed when it cannot be read. */
  private async readPage(url: string): Promise<PageMeta | undefined> {
    let res;
    try {
      res = await this.outbound.get(url, {
        timeoutMs: this.options.timeoutMs,
        maxBytes: PAGE_MAX_BYTES,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': USER_AGENT },
      });
    } catch {
      // Refused (an inside address, too many redirects), unreachable or past the deadline.
      throw new AppError('linkPreviewFailed');
    }
    if (res.status < 200 || res.status >= 300) throw new AppError('linkPreviewFailed');
    const type = res.headers.get('content-type');
    if (type !== null && !HTML.test(type)) return undefined;
    return parsePage(decodePage(res.body, type), res.url);
  }

  /**
   * The page's image as one of our uploads; undefined when it cannot be had (the card goes
   * without): not an image, too large, or past the asker's daily upload bytes.
   */
  private async storeImage(userId: number, imageUrl: string): Promise<LinkPreview['image']> {
    try {
      const res = await this.outbound.get(imageUrl, {
        timeoutMs: this.options.timeoutMs,
        maxBytes: IMAGE_MAX_BYTES,
        headers: { accept: 'image/webp,image/png,image/jpeg,image/gif', 'user-agent': USER_AGENT },
      });
      const type = res.headers.get('content-type') ?? '';
      if (res.status < 200 || res.status >= 300 || res.truncated || !IMAGE.test(type)) return undefined;
      await this.options.spendBytes(userId, res.body.length);
      // The upload service decides by content (sharp), strips metadata and makes the thumbnail.
      const saved = await this.uploads.saveImage(res.body);
      return { url: saved.originUrl, thumbUrl: saved.thumbUrl, width: saved.width, height: saved.height };
    } catch {
      return undefined;
    }
  }
}

/** `https://www.example.com/a` → `example.com`: the card's site line when the page names none. */
function siteOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./i, '');
}

/**
 * A page's preview fields from its HTML (docs/PROTOCOL.md "Link previews"): Open Graph
 * first, then Twitter cards, then plain HTML (`<title>`, `meta name=description`). The
 * HTML is read by htmlparser2 (entities decoded there), never by regular expressions.
 *
 * Charset, as browsers settle it: a byte-order mark, the Content-Type header's
 * `charset`, a `<meta charset>` / `http-equiv` in the page, else UTF-8. The page is
 * first read as latin1 to find the meta (every charset a page may declare that way is
 * ASCII-compatible), then decoded with the charset found.
 */
import { TextDecoder } from 'node:util';
import { Parser } from 'htmlparser2';
import { LinkPreviewLimits } from '@parley/protocol';

export interface PageMeta {
  title: string;
  description: string;
  siteName: string;
  /** Absolute http(s) URL of the page's image, resolved against the page (and its `<base>`). */
  imageUrl?: string;
}

/** Meta keys by what they give, best first. */
const TITLE = ['og:title', 'twitter:title'];
const DESCRIPTION = ['og:description', 'twitter:description', 'description'];
const SITE = ['og:site_name', 'application-name'];
const IMAGE = ['og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'];

interface Collected {
  meta: Map<string, string>;
  title: string;
  base?: string;
  charset?: string;
}

function collect(html: string): Collected {
  const out: Collected = { meta: new Map(), title: '' };
  let inTitle = false;
  let inBody = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'body') inBody = true;
        if (inBody) return;
        if (name === 'title') inTitle = out.title === '';
        else if (name === 'base' && attrs.href && out.base === undefined) out.base = attrs.href;
        else if (name === 'meta') {
          if (attrs.charset) out.charset ??= attrs.charset;
          const equiv = attrs['http-equiv']?.toLowerCase();
          if (equiv === 'content-type' && attrs.content) out.charset ??= charsetOf(attrs.content);
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop)?.trim().toLowerCase();
          // The first of a key counts (a page may list several images: the first is its main one).
          if (key && attrs.content !== undefined && !out.meta.has(key)) out.meta.set(key, attrs.content);
        }
      },
      ontext(text) {
        if (inTitle) out.title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

/** `text/html; charset=Shift_JIS` → `shift_jis`. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const part of contentType.split(';').slice(1)) {
    const [k, v] = part.split('=');
    if (k?.trim().toLowerCase() === 'charset' && v)
      return v
        .trim()
        .replace(/^["']|["']$/g, '')
        .toLowerCase();
  }
  return undefined;
}

function decoder(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/** The page as text, in the charset it declares (see the file comment). */
export function decodePage(body: Buffer, contentType: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))
    return new TextDecoder(body[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(body);
  const declared = decoder(charsetOf(contentType)) ?? decoder(collect(body.toString('latin1')).charset);
  return (declared ?? new TextDecoder('utf-8')).decode(body);
}

/** Controls, format characters (bidi overrides…) but the emoji joiner, surrogates, private use. */
const UNSHOWN = /(?!\u200d)[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu;

/** White space collapsed, characters a card must not show dropped, cut at `max` with an ellipsis. */
function tidy(s: string | undefined, max: number): string {
  const clean = (s ?? '').replace(/\s+/g, ' ').replace(UNSHOWN, '').trim();
  const chars = [...clean];
  return chars.length <= max
    ? clean
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

function absolute(raw: string | undefined, base: URL): string | undefined {
  if (!raw?.trim()) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The preview fields of a page fetched from `pageUrl` (after redirects). */
export function parsePage(html: string, pageUrl: string): PageMeta {
  const c = collect(html);
  const first = (keys: string[]) => keys.map((k) => c.meta.get(k)).find((v) => v !== undefined && v.trim() !== '');
  const page = new URL(pageUrl);
  const base = (c.base && absolute(c.base, page)) ?? page.href;
  const meta: PageMeta = {
    title: tidy(first(TITLE) ?? c.title, LinkPreviewLimits.TITLE_MAX),
    description: tidy(first(DESCRIPTION), LinkPreviewLimits.DESCRIPTION_MAX),
    siteName: tidy(first(SITE), LinkPreviewLimits.SITE_NAME_MAX),
  };
  const image = absolute(first(IMAGE), new URL(base));
  if (image) meta.imageUrl = image;
  return meta;
}

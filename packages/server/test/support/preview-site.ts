/**
 * The loopback site of the link-preview tests (link-preview.test.ts): pages with Open Graph,
 * a bare <title>, charsets, a relative image, a huge body, failures, and an "inside" site on
 * 127.0.0.2 that the outbound guard must never reach. Counts the requests each path got.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const HUGE_CHUNK = Buffer.alloc(64 * 1024, 'x');

function page(res: http.ServerResponse, body: string | Buffer, type = 'text/html; charset=utf-8') {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
}

const OG = `<!doctype html><html><head>
  <title>Fallback title</title>
  <meta property="og:title" content="Tom &amp; Jerry&#39;s   page">
  <meta property="og:description" content="A   description
    over two lines &lt;b&gt;">
  <meta property="og:site_name" content="Cartoons">
  <meta property="og:image" content="/img.png">
  <meta name="twitter:title" content="Not this one">
</head><body><p>Hello</p></body></html>`;

export interface PreviewSite {
  /** http://127.0.0.1:port, inside OUTBOUND_ALLOW_CIDRS */
  base: string;
  /** http://127.0.0.2:port, outside the allowlist: must never be reached */
  insideBase: string;
  /** The PNG the site serves as /img.png. */
  png: Buffer;
  /** Requests per path (with query). */
  hits: Map<string, number>;
  /** Requests the inside site got. */
  insideHits(): number;
  /** The huge page's response was cut off by the reader before its end. */
  hugeCut(): boolean;
  close(): Promise<void>;
}

export async function startPreviewSite(): Promise<PreviewSite> {
  const hits = new Map<string, number>();
  let insideHits = 0;
  let hugeCut = false;
  let insideBase = '';
  const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  // Shift_JIS bytes of "日本語のページ" (the page declares its charset only in a meta tag).
  const sjisTitle = Buffer.from('93fa967b8cea82cc8379815b8357', 'hex');
  const site = http.createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    switch (path.replace(/\?budget=\d$/, '')) {
      case '/og':
      case '/og-again':
        return page(res, OG);
      case '/title-only':
        return page(res, '<html><head><title>  Just   a title </title></head><body>x</body></html>');
      case '/sjis':
        return page(
          res,
          Buffer.concat([
            Buffer.from('<html><head><meta charset="shift_jis"><title>'),
            sjisTitle,
            Buffer.from('</title></head></html>'),
          ]),
          'text/html',
        );
      case '/latin1':
        return page(
          res,
          Buffer.from('<title>Caf\xe9 cr\xe8me</title><meta name="description" content="D\xe9j\xe0 vu">', 'latin1'),
          'text/html; charset=ISO-8859-1',
        );
      case '/bad-images':
        // The first image is inside (outside the allowlist), so only a page with the second would have one.
        return page(
          res,
          `<meta property="og:title" content="Bad image"><meta property="og:image" content="${insideBase}/secret.png">`,
        );
      case '/text-image':
        return page(res, `<meta property="og:title" content="Text image"><meta property="og:image" content="/plain">`);
      case '/nothing':
        return page(res, '<html><head></head><body><p>No meta at all</p></body></html>');
      case '/plain':
        return page(res, 'just text', 'text/plain');
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<title>Not found</title>');
      case '/to-inside':
        res.writeHead(302, { location: `${insideBase}/secret` });
        return res.end();
      case '/slow':
        return; // never answers
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head><title>Huge page</title></head><body>');
        res.once('close', () => (hugeCut = !res.writableFinished));
        // 8 MiB of body: the reader stops at its cap and drops the connection.
        let left = 128;
        const more = () => {
          while (left > 0 && !res.destroyed) {
            left--;
            if (!res.write(HUGE_CHUNK)) return void res.once('drain', more);
          }
          if (!res.destroyed) res.end('</body></html>');
        };
        return more();
      }
      case '/img.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(png);
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  const inside = http.createServer((_req, res) => {
    insideHits++;
    page(res, '<title>secret</title>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => inside.listen(0, '127.0.0.2', r));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  insideBase = `http://127.0.0.2:${(inside.address() as AddressInfo).port}`;
  return {
    base,
    insideBase,
    png,
    hits,
    insideHits: () => insideHits,
    hugeCut: () => hugeCut,
    close: async () => {
      for (const srv of [site, inside]) {
        srv.closeAllConnections();
        await new Promise((r) => srv.close(r));
      }
    },
  };
}

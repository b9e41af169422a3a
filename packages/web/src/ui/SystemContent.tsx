/**
 * A system notification's Markdown content (CommonMark subset), rendered safely: raw HTML
 * stays literal text, no images, and links only for http/https (through the external-link
 * warning) and mailto. Used by the system content page and the console's live preview.
 */
import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { Paths } from '../routes/paths';
import './system-content.css';

/** Elements the content may produce; anything else (img, raw HTML) is dropped or unwrapped. */
const ALLOWED = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'br',
  'hr',
  'code',
  'pre',
];

/** Keeps http(s) and mailto targets; anything else (javascript:, data:, relative) becomes ''. */
export function safeContentUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
  } catch {
    // not an absolute URL: not a link
  }
  return '';
}

const components: Components = {
  a({ href, children }) {
    const url = href ? safeContentUrl(href) : '';
    if (!url) return <span className="sys-content__nolink">{children}</span>;
    if (url.startsWith('mailto:')) return <a href={url}>{children}</a>;
    // leaving the app always passes the warning page (spec §8)
    return <Link to={`${Paths.externalLink}?url=${encodeURIComponent(url)}`}>{children}</Link>;
  },
};

export const SystemContent = memo(function SystemContent({ markdown }: { markdown: string }) {
  return (
    <div className="sys-content" dir="auto" data-testid="system-content">
      <Markdown allowedElements={ALLOWED} unwrapDisallowed urlTransform={safeContentUrl} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
});

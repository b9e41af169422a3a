/**
 * The composer's link preview (docs/PROTOCOL.md "Link previews"): the first http(s) link
 * of the text, asked of the server once the text has been still for a moment. The server
 * reads the page, so the browser never contacts the linked site; answers are remembered
 * for this page's life, so editing around a link does not ask again. A preview the
 * sender removed stays removed for that link until the text is sent.
 */
import { useEffect, useMemo, useState } from 'react';
import { LinkPreviewLimits, isWebUrl, type LinkPreview } from '@parley/protocol';
import { ApiError } from '../../../../api/ApiError';
import { call } from '../../../../api/call';
import { messageParts } from '../lib/emojiText';

/** url → its preview, or null when the server has none (nothing usable, failed, off). */
const answers = new Map<string, LinkPreview | null>();

/** The first link of a text as typed with a scheme (a bare `www.` link is not in the text as a URL). */
export function firstLink(tokens: string): string | undefined {
  for (const p of messageParts(tokens)) {
    if (p.kind === 'link' && /^https?:\/\//i.test(p.text) && isWebUrl(p.text)) return p.text;
  }
  return undefined;
}

export interface LinkPreviewState {
  /** The preview to show and send with the text, if any. */
  preview: LinkPreview | undefined;
  /** × on the preview: this link goes without one. */
  remove(): void;
  /** After a send: removals are forgotten. */
  reset(): void;
}

export function useLinkPreview(tokens: string, enabled: boolean): LinkPreviewState {
  const url = useMemo(() => (enabled ? firstLink(tokens) : undefined), [tokens, enabled]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [, setAnswered] = useState(0);

  useEffect(() => {
    if (!url || answers.has(url) || removed.has(url)) return;
    let live = true;
    const timer = setTimeout(() => {
      call('linkPreview', { body: { url }, silent: true })
        .then((p) => answers.set(url, p))
        // The server's answer "none" (nothing usable, failed, off) is kept; a lost connection is
        // asked again next time. No toast: the sender asked for nothing.
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.key?.startsWith('linkPreview')) answers.set(url, null);
        })
        .finally(() => live && setAnswered((n) => n + 1));
    }, LinkPreviewLimits.DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, removed]);

  const preview = url && !removed.has(url) ? (answers.get(url) ?? undefined) : undefined;
  return {
    preview,
    remove: () => url && setRemoved((s) => new Set([...s, url])),
    reset: () => setRemoved(new Set()),
  };
}

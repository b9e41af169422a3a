/**
 * The Discover links (GET /discover/links), held for the tab and the link page, which
 * needs a link's `frameable`. Reloaded each time the tab is shown; the last list stays
 * on screen while it loads.
 */
import type { DiscoverLink } from '@parley/protocol';
import { call } from '../../api/call';
import { createStore, useStore } from '../../app/createStore';

export interface DiscoverState {
  links: DiscoverLink[] | null;
  failed: boolean;
}

export const discoverStore = createStore<DiscoverState>({ links: null, failed: false });
export const useDiscoverLinks = () => useStore(discoverStore);

let loading: Promise<void> | null = null;

export function loadDiscoverLinks(): Promise<void> {
  loading ??= call('discoverLinks', { silent: true })
    .then(
      (links) => discoverStore.set({ links, failed: false }),
      () => discoverStore.set((s) => ({ ...s, failed: true })),
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The banner's slides: featured links, in list order. */
export const featuredLinks = (links: readonly DiscoverLink[]): DiscoverLink[] => links.filter((l) => l.featured);

/** A link of the list by its address (the link page gets only the URL). */
export const linkByUrl = (links: readonly DiscoverLink[] | null, url: string | null): DiscoverLink | undefined =>
  url ? links?.find((l) => l.url === url) : undefined;

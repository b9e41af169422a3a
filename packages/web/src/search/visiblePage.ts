/**
 * A page of search hits as this device shows it: what the user deleted here
 * (delete for me, a deleted chat's history) is left out. Deletes are per device,
 * so the server's pages still hold them; a page the filter thinned is topped up
 * from the next ones, so the results neither end early nor show an empty page
 * while more exist.
 */
import { SEARCH_PAGE_MAX, type SearchHit, type SearchReply } from '@parley/protocol';

export type SearchCursor = NonNullable<SearchReply['next']>;

/** The size of a first page (the server's default). */
export const SEARCH_PAGE_SIZE = 20;
/** A load asks for more pages until this many hits show… */
export const VISIBLE_MIN = 10;
/** …or after this many requests (the endpoint is rate limited as a costly read). */
export const ROUNDS_MAX = 6;

export interface HitFilter {
  /** Deleted on this device: never shown. */
  hides(hit: SearchHit): boolean;
  /** This hit and every older one are gone (one chat deleted up to it): the results end here. */
  endsAt?(hit: SearchHit): boolean;
}

export type FetchPage = (next: SearchCursor | null, size: number) => Promise<SearchReply>;

/** One load (the first page, or "more"): the visible hits and the cursor after them. */
export async function loadVisible(fetchPage: FetchPage, start: SearchCursor | null, filter: HitFilter) {
  const hits: SearchHit[] = [];
  let next = start;
  for (let round = 0; ; round++) {
    // Top-up requests ask for the largest page: fewer requests through a thinned stretch.
    const reply = await fetchPage(next, round === 0 ? SEARCH_PAGE_SIZE : SEARCH_PAGE_MAX);
    next = reply.next;
    for (const hit of reply.hits) {
      if (filter.endsAt?.(hit)) return { hits, next: null };
      if (!filter.hides(hit)) hits.push(hit);
    }
    if (next === null || hits.length >= VISIBLE_MIN || round + 1 >= ROUNDS_MAX) return { hits, next };
  }
}

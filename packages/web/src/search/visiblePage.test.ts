import { describe, expect, it, vi } from 'vitest';
import { ChatType, SEARCH_PAGE_MAX, type SearchHit, type SearchReply } from '@parley/protocol';
import { ROUNDS_MAX, SEARCH_PAGE_SIZE, VISIBLE_MIN, loadVisible, type SearchCursor } from './visiblePage';

const hit = (id: number, targetId = 2): SearchHit => ({
  chatType: ChatType.PRIVATE,
  targetId,
  id,
  type: 0,
  sendId: targetId,
  sendNickName: '',
  sendTime: id,
  snippet: 'x',
  ranges: [],
});

/** A server holding private hits `ids` (newest first), paged by privateMaxId like the real one. */
function server(ids: number[]) {
  return vi.fn(async (next: SearchCursor | null, size: number): Promise<SearchReply> => {
    const below = ids.filter((id) => next?.privateMaxId === undefined || id < next.privateMaxId);
    const page = below.slice(0, size);
    const more = below.length > size;
    return { hits: page.map((id) => hit(id)), next: more ? { privateMaxId: page[page.length - 1]! } : null };
  });
}

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('loadVisible: search pages without what this device deleted', () => {
  it('asks once when nothing is hidden', async () => {
    const fetch = server(range(100, 1));
    const page = await loadVisible(fetch, null, { hides: () => false });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(page.hits.map((h) => h.id)).toEqual(range(100, 81));
    expect(page.next).toEqual({ privateMaxId: 81 });
  });

  it('tops up a page the filter emptied instead of showing nothing while more exist', async () => {
    // The newest 60 hits were deleted here.
    const fetch = server(range(100, 1));
    const page = await loadVisible(fetch, null, { hides: (h) => h.id > 40 });
    expect(fetch.mock.calls.map(([, size]) => size)).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_MAX]);
    expect(page.hits.map((h) => h.id)).toEqual(range(40, 31));
    expect(page.hits.length).toBeGreaterThanOrEqual(VISIBLE_MIN);
    // The next loads go on below what was looked at: nothing skipped, nothing twice.
    const more = await loadVisible(fetch, page.next, { hides: (h) => h.id > 40 });
    expect(more.hits.map((h) => h.id)).toEqual(range(30, 11));
    const last = await loadVisible(fetch, more.next, { hides: (h) => h.id > 40 });
    expect(last.hits.map((h) => h.id)).toEqual(range(10, 1));
    expect(last.next).toBeNull();
  });

  it('keeps the cursor when every hit so far is hidden, so "more" still finds older ones', async () => {
    const fetch = server(range(1000, 1));
    const page = await loadVisible(fetch, null, { hides: (h) => h.id > 5 });
    expect(fetch).toHaveBeenCalledTimes(ROUNDS_MAX);
    expect(page.hits).toEqual([]);
    expect(page.next).not.toBeNull();
  });

  it('ends one chat’s results at the point where that chat was deleted', async () => {
    const fetch = server(range(100, 1));
    const page = await loadVisible(fetch, null, { hides: (h) => h.id <= 90, endsAt: (h) => h.id <= 90 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(page.hits.map((h) => h.id)).toEqual(range(100, 91));
    expect(page.next).toBeNull();
  });

  it('leaves out one deleted message without asking again', async () => {
    const fetch = server(range(30, 1));
    const page = await loadVisible(fetch, null, { hides: (h) => h.id === 29 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(page.hits.map((h) => h.id)).toEqual(range(30, 11).filter((id) => id !== 29));
  });
});

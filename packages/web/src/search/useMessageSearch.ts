/**
 * Server message search (GET /message/search) as the user types: waits for a pause,
 * drops answers to an older keyword, pages with the reply's cursors. What the user
 * deleted on this device is never shown (visiblePage.ts), also when deleted while
 * the results are open.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_KEYWORD_MAX, type SearchHit, type SearchReply } from '@parley/protocol';
import { call } from '../api/call';
import { useStore } from '../app/createStore';
import { chatDeletedUpTo, chatsStore, deletedHere, untilChatsLoaded } from '../chat';
import { loadVisible, type HitFilter, type SearchCursor } from './visiblePage';

/** Typing pause before asking the server (the endpoint is rate limited as a costly read). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ChatScope {
  chatType: 'PRIVATE' | 'GROUP';
  targetId: number;
}

export interface MessageSearch {
  hits: SearchHit[];
  /** A request for this keyword is under way. */
  loading: boolean;
  failed: boolean;
  /** The keyword the hits belong to ('' before any). */
  keyword: string;
  hasMore: boolean;
  loadMore(): void;
}

export function useMessageSearch(raw: string, scope?: ChatScope): MessageSearch {
  const keyword = raw.trim().slice(0, SEARCH_KEYWORD_MAX);
  const [state, setState] = useState<{ keyword: string; hits: SearchHit[]; next: SearchReply['next'] }>({
    keyword: '',
    hits: [],
    next: null,
  });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const gen = useRef(0);
  const chatType = scope?.chatType;
  const targetId = scope?.targetId;

  const fetchPage = useCallback(
    async (kw: string, next: SearchReply['next'], append: boolean) => {
      const mine = ++gen.current;
      setLoading(true);
      setFailed(false);
      try {
        await untilChatsLoaded();
        const chat = chatType && targetId ? { chatType, targetId } : {};
        const ask = (cursor: SearchCursor | null, size: number) =>
          call('messageSearch', { query: { keyword: kw, ...chat, ...(cursor ?? {}), size }, silent: true });
        const reply = await loadVisible(
          ask,
          next,
          hitFilter(chatType && targetId ? { chatType, targetId } : undefined),
        );
        if (mine !== gen.current) return;
        setState((s) => ({ keyword: kw, hits: append ? [...s.hits, ...reply.hits] : reply.hits, next: reply.next }));
      } catch {
        if (mine === gen.current) setFailed(true);
      } finally {
        if (mine === gen.current) setLoading(false);
      }
    },
    [chatType, targetId],
  );

  useEffect(() => {
    // A cleared box drops any answer still on its way; the results below derive from the keyword.
    if (!keyword) {
      gen.current++;
      return;
    }
    const id = setTimeout(() => void fetchPage(keyword, null, false), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [keyword, fetchPage]);

  const loadMore = useCallback(() => {
    if (!loading && state.next && state.keyword) void fetchPage(state.keyword, state.next, true);
  }, [loading, state, fetchPage]);

  const current = state.keyword === keyword;
  // A delete while the results show (the chat open beside them) takes its hits away.
  const { chats } = useStore(chatsStore);
  const shown = useMemo(
    () => state.hits.filter((h) => !deletedHere(h.chatType, h.targetId, h.id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deletedHere reads the chats
    [state.hits, chats],
  );
  return {
    hits: current ? shown : [],
    // Typing ahead of the answer counts as searching, so "no results" never flashes.
    loading: keyword !== '' && (loading || !current),
    failed: keyword !== '' && failed,
    keyword: state.keyword,
    hasMore: current && state.next !== null,
    loadMore,
  };
}

/** What this device deleted; one chat's results end where that chat was deleted. */
function hitFilter(scope: ChatScope | undefined): HitFilter {
  const hides = (hit: SearchHit) => deletedHere(hit.chatType, hit.targetId, hit.id);
  if (!scope) return { hides };
  const upTo = chatDeletedUpTo(scope.chatType, scope.targetId);
  return { hides, endsAt: (hit) => hit.id <= upTo };
}

/**
 * One kind of a chat's shared content (`GET /message/{private,group}/shared`), newest
 * first, a page at a time; what this device deleted is left out (as search does).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatType, type SharedKind } from '@parley/protocol';
import { call } from '../../../api/call';
import { deletedHere } from '../../../chat';

export interface SharedItem {
  id: number;
  type: number;
  content: string;
  sendTime: number;
  linkTitle?: string;
}

export interface SharedItems {
  items: SharedItem[];
  loading: boolean;
  done: boolean;
  more: () => void;
}

const PAGE = 30;

export function useSharedItems(type: ChatType, targetId: number, kind: SharedKind): SharedItems {
  const [items, setItems] = useState<SharedItem[]>([]);
  // The first page loads from the mount on.
  const [loading, setLoading] = useState(true);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const busy = useRef(false);
  const gen = useRef(0);

  const load = useCallback(
    async (beforeId: number | undefined, mine: number) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const query = { kind, size: PAGE, ...(beforeId !== undefined ? { beforeId } : {}) };
        const page =
          type === ChatType.GROUP
            ? await call('groupShared', { query: { groupId: targetId, ...query } })
            : await call('privateShared', { query: { friendId: targetId, ...query } });
        if (mine !== gen.current) return;
        const kept = page.messages
          .filter((m) => !deletedHere(type, targetId, m.id))
          .map((m) => ({
            id: m.id,
            type: m.type,
            content: m.content,
            sendTime: m.sendTime,
            linkTitle: m.linkPreview?.title,
          }));
        setItems((list) => [...list, ...kept]);
        setNext(page.next);
      } catch {
        // the request wrapper said why; the list stays as it is
        if (mine === gen.current) setNext(null);
      } finally {
        busy.current = false;
        if (mine === gen.current) setLoading(false);
      }
    },
    [type, targetId, kind],
  );

  useEffect(() => {
    // One kind per mount (the page keys the list by kind): only the first page is loaded here.
    const mine = ++gen.current;
    busy.current = false;
    const id = setTimeout(() => void load(undefined, mine));
    return () => clearTimeout(id);
  }, [load]);

  const more = useCallback(() => {
    if (typeof next !== 'number' || busy.current) return;
    setLoading(true);
    void load(next, gen.current);
  }, [next, load]);

  return { items, loading, done: next === null, more };
}

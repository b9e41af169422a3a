/**
 * The chat list's search results (Messages tab, while the search box has text):
 * chats, contacts and groups filtered here as the user types, and message hits of
 * all chats from the server, each highlighted; a tap opens the chat (at the message).
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType, matchesKeyword, type SearchHit } from '@parley/protocol';
import type { ChatSummary } from '../../chat/types';
import { useFriends } from '../../contacts/friendsStore';
import { filterFriends } from '../../contacts/sections';
import { useGroups } from '../../groups/groupsStore';
import { Paths, chatBoxPath } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { Highlight } from '../../search/Highlight';
import { HitRow, type HitPerson } from '../../search/HitRow';
import { hitLink } from '../../search/open';
import { useMessageSearch } from '../../search/useMessageSearch';
import '../../search/search.css';

/** Local sections show this many rows; the rest is one more keystroke away. */
const LOCAL_MAX = 5;

interface Row {
  key: string;
  name: string;
  avatar: string;
  colourId: number | string;
  /** A second line (the chat's preview when it matched), highlighted. */
  text?: string;
  link: string;
}

export function ChatListSearch({ query, chats, now }: { query: string; chats: ChatSummary[]; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list: friends } = useFriends();
  const { list: groups } = useGroups();
  const q = query.trim();
  const search = useMessageSearch(q);

  const chatRows = useMemo<Row[]>(
    () =>
      chats
        .filter((c) => matchesKeyword(c.showName, q) || matchesKeyword(c.lastContent, q))
        .slice(0, LOCAL_MAX)
        .map((c) => ({
          key: `chat-${c.type}-${c.targetId}`,
          name: c.showName,
          avatar: c.headImage,
          colourId: c.type === ChatType.GROUP ? `g${c.targetId}` : c.targetId,
          text: matchesKeyword(c.lastContent, q) ? c.lastContent : undefined,
          link: c.type === ChatType.SYSTEM ? Paths.chatSystem : chatBoxPath(c.type, c.targetId),
        })),
    [chats, q],
  );
  const contactRows = useMemo<Row[]>(
    () =>
      filterFriends(
        friends.filter((f) => !f.deleted),
        q,
      )
        .slice(0, LOCAL_MAX)
        .map((f) => ({
          key: `friend-${f.id}`,
          name: f.showNickName,
          avatar: f.headImageThumb || f.headImage,
          colourId: f.id,
          link: chatBoxPath(ChatType.PRIVATE, f.id),
        })),
    [friends, q],
  );
  const groupRows = useMemo<Row[]>(
    () =>
      groups
        .filter((g) => !g.quit && matchesKeyword(g.showGroupName, q))
        .slice(0, LOCAL_MAX)
        .map((g) => ({
          key: `group-${g.id}`,
          name: g.showGroupName,
          avatar: g.headImageThumb || g.headImage,
          colourId: `g${g.id}`,
          link: chatBoxPath(ChatType.GROUP, g.id),
        })),
    [groups, q],
  );

  const whoOf = (hit: SearchHit): HitPerson => {
    const chat = chats.find((c) => c.type === hit.chatType && c.targetId === hit.targetId);
    if (hit.chatType === ChatType.GROUP) {
      const g = groups.find((x) => x.id === hit.targetId);
      return {
        name: g?.showGroupName ?? chat?.showName ?? String(hit.targetId),
        avatar: g?.headImageThumb || g?.headImage || chat?.headImage || '',
        colourId: `g${hit.targetId}`,
      };
    }
    const f = friends.find((x) => x.id === hit.targetId);
    return {
      name: f?.showNickName ?? chat?.showName ?? String(hit.targetId),
      avatar: f?.headImageThumb || f?.headImage || chat?.headImage || '',
      colourId: hit.targetId,
    };
  };

  const section = (title: string, rows: Row[], testId: string) =>
    rows.length > 0 && (
      <section aria-label={title} data-testid={testId}>
        <h2 className="search-section__title">{title}</h2>
        {rows.map((r) => (
          <button key={r.key} type="button" className="search-row" onClick={() => void navigate(r.link)}>
            <Avatar src={r.avatar} name={r.name} size={40} colourId={r.colourId} />
            <span className="search-row__body">
              <Highlight className="search-row__name" text={r.name} keyword={q} />
              {r.text && <Highlight className="search-row__text" text={r.text} keyword={q} />}
            </span>
          </button>
        ))}
      </section>
    );

  const nothing = chatRows.length + contactRows.length + groupRows.length + search.hits.length === 0 && !search.loading;
  return (
    <div className="search-results" data-testid="chat-search-results">
      {section(t('search.chats'), chatRows, 'search-chats')}
      {section(t('search.contacts'), contactRows, 'search-contacts')}
      {section(t('search.groups'), groupRows, 'search-groups')}
      <section aria-label={t('search.messages')} data-testid="search-messages" aria-busy={search.loading}>
        {search.hits.length > 0 && <h2 className="search-section__title">{t('search.messages')}</h2>}
        {search.hits.map((hit) => (
          <HitRow
            key={`${hit.chatType}-${hit.id}`}
            hit={hit}
            who={whoOf(hit)}
            sender={hit.chatType === ChatType.GROUP ? hit.sendNickName : undefined}
            now={now}
            onOpen={(h) => void navigate(hitLink(h))}
          />
        ))}
        {search.hasMore && (
          <button type="button" className="search-more" onClick={search.loadMore} data-testid="search-more">
            {t('search.more')}
          </button>
        )}
      </section>
      <p className="search-status" role="status">
        {search.loading ? t('search.searching') : search.failed ? t('search.failed') : nothing ? t('search.none') : ''}
      </p>
    </div>
  );
}

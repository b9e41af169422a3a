/**
 * /pages/chat/chat-search?type=PRIVATE|GROUP&targetId=: search the messages of one
 * chat on the server (so it covers history this device never held); a hit opens the
 * chat box at that message.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType, SEARCH_KEYWORD_MAX, type SearchHit } from '@parley/protocol';
import { useCurrentUser } from '../../app/session';
import { useChatSummary } from '../../chat';
import { useFriend } from '../../contacts/friendsStore';
import { useGroup } from '../../groups/groupsStore';
import { chatBoxPath } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { SearchBox } from '../../ui/SearchBox';
import { HitRow, type HitPerson } from '../../search/HitRow';
import { hitLink } from '../../search/open';
import { useMessageSearch } from '../../search/useMessageSearch';
import '../../search/search.css';

export default function ChatSearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const targetId = useIdParam('targetId');
  const raw = params.get('type');
  const type = raw === ChatType.PRIVATE || raw === ChatType.GROUP ? raw : null;
  if (!type || !targetId) {
    return (
      <div className="page">
        <EmptyState testId="chat-search-missing" title={t('chatBox.missing')} />
      </div>
    );
  }
  return <ChatSearch type={type} targetId={targetId} />;
}

function ChatSearch({ type, targetId }: { type: 'PRIVATE' | 'GROUP'; targetId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const friend = useFriend(type === ChatType.PRIVATE ? targetId : undefined);
  const group = useGroup(type === ChatType.GROUP ? targetId : undefined);
  const summary = useChatSummary(type, targetId);
  const [query, setQuery] = useState('');
  const search = useMessageSearch(query, { chatType: type, targetId });
  // Times relative to when the page opened: a search page lives for seconds.
  const [now] = useState(() => Date.now());

  const chatName = (type === ChatType.GROUP ? group?.showGroupName : friend?.showNickName) || summary?.showName || '';
  const who = (hit: SearchHit): HitPerson => {
    if (hit.sendId === me.id) return { name: me.nickName, avatar: me.headImageThumb || me.headImage, colourId: me.id };
    if (type === ChatType.PRIVATE) {
      return { name: chatName, avatar: friend?.headImageThumb || summary?.headImage || '', colourId: hit.sendId };
    }
    return { name: hit.sendNickName || String(hit.sendId), avatar: '', colourId: hit.sendId };
  };

  return (
    <div className="page" data-testid="chat-search-page">
      <NavBar title={t('search.inChatTitle')} backTo={chatBoxPath(type, targetId)} />
      <SearchBox
        value={query}
        onValue={setQuery}
        placeholder={t('search.inChatPlaceholder')}
        testId="chat-search-input"
        autoFocus
        maxLength={SEARCH_KEYWORD_MAX}
      />
      <div className="search-results" data-testid="chat-search-hits" aria-busy={search.loading}>
        {search.hits.map((hit) => (
          <HitRow
            key={hit.id}
            hit={hit}
            who={who(hit)}
            now={now}
            onOpen={(h) => void navigate(hitLink(h), { replace: true })}
          />
        ))}
        {search.hasMore && (
          <button type="button" className="search-more" onClick={search.loadMore} data-testid="search-more">
            {t('search.more')}
          </button>
        )}
        <p className="search-status" role="status">
          {search.loading
            ? t('search.searching')
            : search.failed
              ? t('search.failed')
              : query.trim() && search.hits.length === 0
                ? t('search.none')
                : ''}
        </p>
      </div>
    </div>
  );
}

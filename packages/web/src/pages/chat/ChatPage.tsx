/**
 * Messages tab (/pages/chat/chat, spec §4): the chat list, pinned first then
 * newest first, virtualised so a thousand chats scroll smoothly. The tab pane is
 * the scroll container (the shell keeps its scroll position between tabs).
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chatActions, useChatList } from '../../chat';
import type { ChatSummary } from '../../chat/types';
import { Paths, chatBoxPath } from '../../routes/paths';
import { useConnectionState } from '../../socket';
import { confirmDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { VirtualList } from '../../ui/VirtualList';
import { ChatRow, ROW_HEIGHT } from './ChatRow';
import { ChatRowMenu } from './ChatRowMenu';
import { ChatListSearch } from '../search/ChatListSearch';
import { SearchBox } from '../../ui/SearchBox';
import { SEARCH_KEYWORD_MAX } from '@parley/protocol';
import { ConnectionBanner } from './ConnectionBanner';
import { EmptyChatActions, NewChatButton } from './NewChatMenu';
import './chat.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 15.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ChatList({ chats, onMenu }: { chats: ChatSummary[]; onMenu: (chat: ChatSummary) => void }) {
  const navigate = useNavigate();
  const now = useNow();
  const open = useCallback(
    (chat: ChatSummary) =>
      void navigate(chat.type === 'SYSTEM' ? Paths.chatSystem : chatBoxPath(chat.type, chat.targetId)),
    [navigate],
  );
  return (
    <VirtualList
      items={chats}
      rowHeight={ROW_HEIGHT}
      itemKey={(chat) => `${chat.type}-${chat.targetId}`}
      renderItem={(chat) => <ChatRow chat={chat} now={now} onOpen={open} onMenu={onMenu} />}
      className="chat-list"
      testId="chat-list"
    />
  );
}

export default function ChatPage() {
  const { t } = useTranslation();
  const { chats, phase } = useChatList();
  const connection = useConnectionState();
  const [menuFor, setMenuFor] = useState<ChatSummary | null>(null);
  const closeMenu = useCallback(() => setMenuFor(null), []);
  // Search (issue 11 point 20): chats, contacts and groups filtered here, messages from the server.
  const [query, setQuery] = useState('');
  const now = useNow();

  const busy = phase === 'initializing' || phase === 'receiving';
  // While disconnected the connection banner says it; the phase line shows during delivery.
  const showPhase = busy && connection === 'loggedIn';

  const remove = async (chat: ChatSummary) => {
    setMenuFor(null);
    const ok = await confirmDialog({
      content: <Isolated text={t('chat.deleteConfirm', { name: NAME_SLOT })} values={[chat.showName]} />,
      confirmText: t('chat.menu.delete'),
      testId: 'chat-delete-dialog',
    });
    if (ok) await chatActions.removeChat(chat.type, chat.targetId);
  };

  return (
    <div className="page">
      <NavBar title={t('tabs.chat')} noBack end={<NewChatButton />} />
      <ConnectionBanner />
      <div className="chat-phase" role="status" data-testid="chat-phase" data-phase={phase} hidden={!showPhase}>
        <Spinner size={14} />
        <span>{t(phase === 'receiving' ? 'chat.phase.receiving' : 'chat.phase.initializing')}</span>
      </div>
      <SearchBox
        value={query}
        onValue={setQuery}
        placeholder={t('search.placeholder')}
        testId="chat-search"
        maxLength={SEARCH_KEYWORD_MAX}
      />
      {query.trim() ? (
        <ChatListSearch query={query} chats={chats} now={now} />
      ) : chats.length > 0 ? (
        <ChatList chats={chats} onMenu={setMenuFor} />
      ) : (
        <EmptyState testId="chat-empty" icon={<ChatIcon />} title={t('chat.emptyTitle')} text={t('chat.emptyText')}>
          <EmptyChatActions />
        </EmptyState>
      )}
      {menuFor && (
        <ChatRowMenu
          chat={menuFor}
          onClose={closeMenu}
          onPin={(pinned) => {
            setMenuFor(null);
            void chatActions.pinChat(menuFor.type, menuFor.targetId, pinned);
          }}
          onDelete={() => void remove(menuFor)}
        />
      )}
    </div>
  );
}

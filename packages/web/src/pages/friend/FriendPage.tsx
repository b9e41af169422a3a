/** Contacts tab (/pages/friend/friend): search, then friends in letter sections with online state. */
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { filterFriends } from '../../contacts/sections';
import { reloadFriends, useFriends } from '../../contacts/friendsStore';
import { usePendingRequestCount } from '../../contacts/requests';
import { Paths } from '../../routes/paths';
import { Cell, CellGroup } from '../../ui/Cell';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { NavBar } from '../../ui/NavBar';
import { SearchBox } from '../../ui/SearchBox';
import { Spinner } from '../../ui/Spinner';
import { FriendSections } from './FriendSections';
import './friend.css';
import './requests/requests.css';

export default function FriendPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, list } = useFriends();
  const requests = usePendingRequestCount();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterFriends(list, deferredQuery), [list, deferredQuery]);

  const actions = (
    <span className="nav-actions">
      <IconButton
        label={t('friend.blocklist')}
        testId="contacts-blacklist"
        onClick={() => void navigate(Paths.blacklist)}
      >
        <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8" />
      </IconButton>
      <IconButton label={t('friend.add')} testId="contacts-add" onClick={() => void navigate(Paths.friendAdd)}>
        <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 11.5-4.2M18 13v8M14 17h8" />
      </IconButton>
    </span>
  );

  let body;
  if (list.length === 0 && (status === 'loading' || status === 'idle')) {
    body = (
      <div className="page-state" data-testid="friend-loading">
        <Spinner />
      </div>
    );
  } else if (list.length === 0 && status === 'error') {
    body = (
      <button type="button" className="page-state page-state--error" onClick={() => void reloadFriends()}>
        {t('friend.loadFailed')}
      </button>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        testId="friend-empty"
        icon={<ContactsIcon />}
        title={t('friend.emptyTitle')}
        text={t('friend.emptyText')}
      />
    );
  } else {
    body = (
      <>
        <SearchBox
          value={query}
          onValue={setQuery}
          placeholder={t('friend.searchPlaceholder')}
          testId="contacts-search"
        />
        {/* One line under the list: the count, or that the search matched nobody (not both). */}
        {shown.length > 0 ? (
          <>
            <FriendSections friends={shown} />
            <p className="friend-count" data-testid="contacts-count">
              {t('friend.count', { count: list.length })}
            </p>
          </>
        ) : (
          <p className="friend-no-match" data-testid="contacts-no-match">
            {t('friend.noMatch', { query: query.trim() })}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="page">
      <NavBar title={t('tabs.friend')} noBack end={actions} />
      <CellGroup>
        <Cell
          label={t('friendRequest.newFriends')}
          icon={<NewFriendsIcon />}
          value={
            requests > 0 ? (
              <span className="requests-badge" data-testid="contacts-requests-badge">
                {requests > 99 ? '99+' : requests}
              </span>
            ) : undefined
          }
          onClick={() => void navigate(Paths.friendRequests)}
          testId="contacts-requests"
        />
        <Cell
          label={t('group.title')}
          icon={<GroupIcon />}
          onClick={() => void navigate(Paths.group)}
          testId="contacts-groups"
        />
      </CellGroup>
      {body}
    </div>
  );
}

function NewFriendsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 20a6.5 6.5 0 0 1 11-4.7M19 14v6M16 17h6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

function GroupIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6M2 19a6 6 0 0 1 12 0M16 13a6 6 0 0 1 6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ContactsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
      <path
        d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6.5 9a6.5 6.5 0 0 1 13 0zM16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6.5 6.5 0 0 1 3.5 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

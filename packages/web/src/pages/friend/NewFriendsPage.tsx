/**
 * /pages/friend/friend-requests, "New friends" (issue 22 point 1): requests to me and
 * from me, newest change first, kept current live and after an offline start. An
 * accepted request with someone no longer a friend is left out (shownRequests).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session';
import { useFriends } from '../../contacts/friendsStore';
import { reloadRequests, useFriendRequests } from '../../contacts/requests';
import { shownRequests } from '../../contacts/requestsReducer';
import { Paths } from '../../routes/paths';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { RequestRow } from './requests/RequestRow';
import './requests/requests.css';

export default function NewFriendsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { status, list: all } = useFriendRequests();
  const friends = useFriends();
  const known = friends.status === 'ready' || friends.list.length > 0;
  const list = useMemo(
    () => shownRequests(all, me.id, known ? new Set(friends.list.map((f) => f.id)) : null),
    [all, me.id, known, friends.list],
  );

  let body;
  if (list.length === 0 && (status === 'loading' || status === 'idle')) {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  } else if (list.length === 0 && status === 'error') {
    body = (
      <button type="button" className="page-state page-state--error" onClick={() => void reloadRequests()}>
        {t('friendRequest.loadFailed')}
      </button>
    );
  } else if (list.length === 0) {
    body = <EmptyState testId="friend-requests-empty" title={t('friendRequest.empty')} />;
  } else {
    body = (
      <ul className="request-list" data-testid="friend-requests">
        {list.map((r) => (
          <RequestRow key={r.id} request={r} me={me.id} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page page--narrow" data-testid="friend-requests-page">
      <NavBar title={t('friendRequest.newFriends')} backTo={Paths.friend} />
      {body}
    </div>
  );
}

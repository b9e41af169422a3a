/** /pages/common/user-info?id=: a user's profile and what you can do with them (friend, stranger or yourself). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session';
import { loadBlocklist, useBlocklist } from '../../contacts/blocklist';
import { useFriend, useFriends } from '../../contacts/friendsStore';
import { useUserProfile } from '../../contacts/useUserProfile';
import { Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { FriendActions, SelfActions, StrangerActions } from './UserInfoActions';
import { UserInfoCard, type Profile } from './UserInfoCard';
import './user-info.css';

export default function UserInfoPage() {
  const { t } = useTranslation();
  const id = useIdParam('id');
  return (
    <div className="page page--narrow">
      <NavBar title={t('userInfo.title')} backTo={Paths.friend} />
      {id ? <UserInfo key={id} id={id} /> : <EmptyState testId="user-info-missing" title={t('errors.userNotExist')} />}
    </div>
  );
}

function UserInfo({ id }: { id: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const friend = useFriend(id);
  // Until the friend list has loaded, "not in it" does not yet mean "not a friend".
  const friendsKnown = ['ready', 'error'].includes(useFriends().status);
  const { profile, reload } = useUserProfile(id);
  const user = profile.state === 'ready' ? profile.user : null;
  const stranger = !friend && id !== me.id;
  const blocklist = useBlocklist();
  const strangerBlocked = blocklist.list.some((e) => e.toUserId === id);

  // A stranger's block state is only in the blocklist.
  useEffect(() => {
    if (stranger) void loadBlocklist();
  }, [stranger]);

  // The friend entry is live (sync frames, online refresh); the fetched user fills in for strangers.
  const shown: Profile | null = friend
    ? { ...friend, showName: friend.showNickName, sexSet: user?.sexSet }
    : user
      ? { ...user, remark: '', onlineWeb: false, onlineApp: false, showName: user.nickName, isBlocked: strangerBlocked }
      : null;

  if (!shown) {
    if (profile.state === 'loading') {
      return (
        <div className="page-state" data-testid="user-info-loading">
          <Spinner />
        </div>
      );
    }
    if (profile.state === 'missing') return <EmptyState testId="user-info-missing" title={t('errors.userNotExist')} />;
    return (
      <button type="button" className="page-state page-state--error" onClick={reload} data-testid="user-info-error">
        {t('userInfo.loadFailed')}
      </button>
    );
  }

  return (
    <div className="page__body" data-testid="user-info">
      <UserInfoCard profile={shown} friend={Boolean(friend)} self={id === me.id} />
      {id === me.id ? (
        <SelfActions />
      ) : friend ? (
        <FriendActions friend={friend} />
      ) : !friendsKnown ? (
        <div className="page-state">
          <Spinner />
        </div>
      ) : (
        <StrangerActions
          userId={id}
          name={shown.showName}
          deleted={shown.deleted}
          blocked={strangerBlocked}
          blockKnown={blocklist.status === 'ready'}
        />
      )}
    </div>
  );
}

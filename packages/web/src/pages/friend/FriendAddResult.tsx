/**
 * One search result: opens the user's info; shows enough to tell two people of one
 * nickname apart without their e-mail (avatar, signature, short id); "Added", "Me",
 * "Request sent", Accept (they asked me), or an Add button that asks for a greeting.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortUserId, type User } from '@parley/protocol';
import { acceptRequest, usePendingWith } from '../../contacts/requests';
import { Links } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { showToast } from '../../ui/toast';
import { GreetingSheet } from './requests/GreetingSheet';
import '../../ui/person-row.css';

export type Relation = 'self' | 'friend' | 'stranger';

export function FriendAddResult({ user, relation }: { user: User; relation: Relation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = usePendingWith(user.id);

  const accept = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await acceptRequest(pending);
      showToast(t('friendAdd.success'));
    } catch {
      // the wrapper showed why
    } finally {
      setBusy(false);
    }
  };

  let action;
  if (relation !== 'stranger') {
    action = (
      <span className="friend-add__state" data-testid={`friend-add-state-${user.id}`}>
        {relation === 'self' ? t('friendAdd.me') : t('friendAdd.added')}
      </span>
    );
  } else if (pending && pending.from.id !== user.id) {
    action = (
      <span className="friend-add__state" data-testid={`friend-add-state-${user.id}`}>
        {t('friendRequest.sentState')}
      </span>
    );
  } else {
    action = (
      <button
        type="button"
        className="friend-add__button"
        onClick={() => (pending ? void accept() : setAsking(true))}
        disabled={busy}
        data-testid={pending ? `friend-add-accept-${user.id}` : `friend-add-button-${user.id}`}
      >
        {pending ? t('friendRequest.accept') : t('friendAdd.add')}
      </button>
    );
  }

  return (
    <div className="person-row" data-testid={`friend-add-result-${user.id}`}>
      <button type="button" className="person-row__open" onClick={() => void navigate(Links.userInfo(user.id))}>
        <Avatar src={user.headImageThumb || user.headImage} name={user.nickName} colourId={user.id} size={44} />
        <span className="person-row__text">
          <span className="person-row__name">
            <bdi>{user.nickName}</bdi>{' '}
            <span className="person-row__id" data-testid={`friend-add-id-${user.id}`}>
              {shortUserId(user.id)}
            </span>
          </span>
          {/* The server shows the user name only to friends or to a search for exactly it. */}
          {user.userName && <span className="person-row__account">{user.userName}</span>}
          {user.signature && (
            <span className="person-row__account" dir="auto" data-testid={`friend-add-signature-${user.id}`}>
              {user.signature}
            </span>
          )}
        </span>
      </button>
      {action}
      {asking && <GreetingSheet userId={user.id} onClose={() => setAsking(false)} />}
    </div>
  );
}

/** One search result: opens the user's info; "Added", "Me", or an Add button. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@parley/protocol';
import { addFriend } from '../../contacts/actions';
import { Links } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { showToast } from '../../ui/toast';
import '../../ui/person-row.css';

export type Relation = 'self' | 'friend' | 'stranger';

export function FriendAddResult({ user, relation }: { user: User; relation: Relation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  const add = async () => {
    setAdding(true);
    try {
      await addFriend(user.id);
      showToast(t('friendAdd.success'));
    } catch {
      // the wrapper showed why (blocked, already friends…)
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="person-row" data-testid={`friend-add-result-${user.id}`}>
      <button type="button" className="person-row__open" onClick={() => void navigate(Links.userInfo(user.id))}>
        <Avatar src={user.headImageThumb || user.headImage} name={user.nickName} colourId={user.id} size={44} />
        <span className="person-row__text">
          <span className="person-row__name" dir="auto">
            {user.nickName}
          </span>
          {/* The server shows the user name only to friends or to a search for exactly it. */}
          {user.userName && <span className="person-row__account">{user.userName}</span>}
        </span>
      </button>
      {relation === 'stranger' ? (
        <button
          type="button"
          className="friend-add__button"
          onClick={() => void add()}
          disabled={adding}
          data-testid={`friend-add-button-${user.id}`}
        >
          {t('friendAdd.add')}
        </button>
      ) : (
        <span className="friend-add__state" data-testid={`friend-add-state-${user.id}`}>
          {relation === 'self' ? t('friendAdd.me') : t('friendAdd.added')}
        </span>
      )}
    </div>
  );
}

/** /pages/friend/friend-add: find users by user name or nickname, see who is already a friend, add. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits, findByNameQuery, type User } from '@parley/protocol';
import { call } from '../../api/call';
import { useCurrentUser } from '../../app/session';
import { useFriends } from '../../contacts/friendsStore';
import { Paths } from '../../routes/paths';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { SearchBox } from '../../ui/SearchBox';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { FriendAddResult } from './FriendAddResult';
import './friend-add.css';

type Results = { state: 'idle' } | { state: 'loading' } | { state: 'done'; users: User[] };

export default function FriendAddPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { list } = useFriends();
  const [name, setName] = useState('');
  const [results, setResults] = useState<Results>({ state: 'idle' });

  const search = async () => {
    const parsed = findByNameQuery.safeParse({ name });
    if (!parsed.success) return showToast(t('friendAdd.enterName'));
    setResults({ state: 'loading' });
    try {
      setResults({ state: 'done', users: await call('userFindByName', { query: parsed.data }) });
    } catch {
      setResults({ state: 'idle' }); // the wrapper showed why
    }
  };

  const friendIds = new Set(list.map((f) => f.id));
  return (
    <div className="page page--narrow">
      <NavBar title={t('friendAdd.title')} backTo={Paths.friend} />
      <SearchBox
        value={name}
        onValue={setName}
        placeholder={t('friendAdd.placeholder')}
        testId="friend-add-search"
        onSubmit={() => void search()}
        submitLabel={t('friendAdd.search')}
        submitTestId="friend-add-submit-search"
        maxLength={Limits.USERNAME_MAX}
        autoFocus
      />
      {results.state === 'idle' && <p className="friend-add__hint">{t('friendAdd.hint')}</p>}
      {results.state === 'loading' && (
        <div className="page-state">
          <Spinner />
        </div>
      )}
      {results.state === 'done' && results.users.length === 0 && (
        <EmptyState testId="friend-add-empty" title={t('friendAdd.noResults')} />
      )}
      {results.state === 'done' && results.users.length > 0 && (
        <div className="friend-add__results" data-testid="friend-add-results">
          {results.users.map((user) => (
            <FriendAddResult
              key={user.id}
              user={user}
              relation={user.id === me.id ? 'self' : friendIds.has(user.id) ? 'friend' : 'stranger'}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** A friend multi-select with search (group create and invite): at most `max` picked; members already in are shown, not pickable. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFriends } from '../../contacts/friendsStore';
import { Avatar } from '../../ui/Avatar';
import { SearchBox } from '../../ui/SearchBox';
import { showToast } from '../../ui/toast';

interface FriendPickerProps {
  picked: number[];
  onPicked: (ids: number[]) => void;
  max: number;
  /** Users already in the group. */
  members?: ReadonlySet<number>;
}

export function FriendPicker({ picked, onPicked, max, members }: FriendPickerProps) {
  const { t } = useTranslation();
  const { list } = useFriends();
  const [query, setQuery] = useState('');
  const friends = useMemo(() => list.filter((f) => !f.deleted), [list]);
  const q = query.trim().toLowerCase();
  const shown = q ? friends.filter((f) => f.showNickName.toLowerCase().includes(q)) : friends;

  const toggle = (id: number) => {
    if (picked.includes(id)) return onPicked(picked.filter((x) => x !== id));
    if (picked.length >= max) return showToast(t('group.pickMax', { max }));
    onPicked([...picked, id]);
  };

  return (
    <div className="friend-picker" data-testid="friend-picker">
      <SearchBox
        value={query}
        onValue={setQuery}
        placeholder={t('friend.searchPlaceholder')}
        testId="friend-picker-search"
      />
      {shown.length === 0 ? (
        <p className="group-note">
          {friends.length ? t('friend.noMatch', { query: query.trim() }) : t('friend.emptyTitle')}
        </p>
      ) : (
        <ul className="pick-list">
          {shown.map((f) => {
            const isMember = members?.has(f.id) ?? false;
            return (
              <li key={f.id}>
                <label className="pick-item" data-testid={`pick-friend-${f.id}`} aria-disabled={isMember}>
                  <input
                    type="checkbox"
                    checked={isMember || picked.includes(f.id)}
                    disabled={isMember}
                    onChange={() => toggle(f.id)}
                  />
                  <Avatar src={f.headImageThumb || f.headImage} name={f.showNickName} colourId={f.id} size={36} />
                  <span className="pick-item__name" dir="auto">
                    {f.showNickName}
                  </span>
                  {isMember && <span className="pick-item__note">{t('group.alreadyMember')}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** One contact: avatar with online dot, display name, terminal tags; opens the user's info. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '@parley/protocol';
import { Links } from '../../routes/paths';
import { useOpenInPane } from '../shell/useWideLayout';
import { OnlineAvatar, TerminalTags } from './OnlineAvatar';

export const FriendRow = memo(function FriendRow({ friend, onOpen }: { friend: Friend; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const online = friend.online && !friend.deleted;
  const selected = useOpenInPane(Links.userInfo(friend.id)); // two panes: this person's info is open
  const note = friend.deleted ? t('friend.accountDeleted') : friend.isBlocked ? t('friend.blocked') : null;
  return (
    <button
      type="button"
      className={`${friend.deleted ? 'friend-row friend-row--deleted' : 'friend-row'}${selected ? ' row--selected' : ''}`}
      aria-current={selected ? 'page' : undefined}
      onClick={() => onOpen(friend.id)}
      data-testid={`friend-row-${friend.id}`}
      data-online={online ? 'true' : 'false'}
    >
      <OnlineAvatar
        userId={friend.id}
        src={friend.headImageThumb || friend.headImage}
        name={friend.nickName}
        online={online}
      />
      <span className="friend-row__text">
        <span className="friend-row__name" dir="auto" data-testid={`friend-name-${friend.id}`}>
          {friend.showNickName}
        </span>
        {note && (
          <span className="friend-row__note" dir="auto">
            {note}
          </span>
        )}
      </span>
      {online && <TerminalTags userId={friend.id} web={friend.onlineWeb} app={friend.onlineApp} />}
      {friend.isDnd && (
        <svg className="friend-row__dnd" viewBox="0 0 24 24" width="16" height="16" aria-label={t('friend.dnd')}>
          <path
            d="M6 10a6 6 0 0 1 12 0v4l2 3H4l2-3zM10 20h4M4 4l16 16"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      )}
    </button>
  );
});

/**
 * "New chat" from the Messages tab's "+" (issue 22 point 10): my contacts, searchable; a
 * tap opens the chat with them. With no contacts yet it offers Add friend instead.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType } from '@parley/protocol';
import { filterFriends } from '../../contacts/sections';
import { useFriends } from '../../contacts/friendsStore';
import { Paths, chatBoxPath } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { SearchBox } from '../../ui/SearchBox';
import { Sheet } from '../../ui/Sheet';

export function ContactPicker({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list } = useFriends();
  const [query, setQuery] = useState('');
  const friends = useMemo(() => list.filter((f) => !f.deleted), [list]);
  const shown = useMemo(() => filterFriends(friends, query), [friends, query]);
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Sheet
      title={t('chat.start.newChat')}
      onClose={onClose}
      testId="contact-picker"
      footer={
        <button type="button" className="btn" onClick={onClose} data-testid="contact-picker-cancel">
          {t('common.cancel')}
        </button>
      }
    >
      {friends.length === 0 ? (
        <div className="contact-picker__empty">
          <p>{t('friend.emptyTitle')}</p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => go(Paths.friendAdd)}
            data-testid="contact-picker-add"
          >
            {t('friend.add')}
          </button>
        </div>
      ) : (
        <>
          <div className="contact-picker__search">
            <SearchBox
              value={query}
              onValue={setQuery}
              placeholder={t('friend.searchPlaceholder')}
              testId="contact-picker-search"
            />
          </div>
          <ul className="contact-picker__list">
            {shown.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className="contact-picker__item"
                  onClick={() => go(chatBoxPath(ChatType.PRIVATE, f.id))}
                  data-testid={`contact-picker-${f.id}`}
                >
                  <Avatar src={f.headImageThumb || f.headImage} name={f.showNickName} colourId={f.id} size={36} />
                  <span className="contact-picker__name" dir="auto">
                    {f.showNickName}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && (
            <p className="contact-picker__none" data-testid="contact-picker-none">
              {t('friend.noMatch', { query: query.trim() })}
            </p>
          )}
        </>
      )}
    </Sheet>
  );
}

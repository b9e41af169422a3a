/** The @ picker (typing `@` in a group's composer): members to mention, and "everyone" for the owner and admins. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AT_ALL, type GroupMember } from '@parley/protocol';
import { Avatar } from '../../../../ui/Avatar';
import { SearchBox } from '../../../../ui/SearchBox';
import { Sheet } from '../../../../ui/Sheet';
import { VirtualList } from '../../../../ui/VirtualList';
import type { Mention } from '../lib/mentions';
import { filterMembers } from '../../../group/memberSearch';

interface AtPickerProps {
  members: readonly GroupMember[];
  canMentionAll: boolean;
  onPick: (mention: Mention) => void;
  onClose: () => void;
}

const AT_ROW_HEIGHT = 52;

export function AtPicker({ members, canMentionAll, onPick, onClose }: AtPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterMembers(members, query), [members, query]);
  return (
    <Sheet title={t('chatBox.atTitle')} onClose={onClose} testId="at-picker">
      <div className="forward__search">
        <SearchBox value={query} onValue={setQuery} placeholder={t('group.searchMembers')} testId="at-picker-search" />
      </div>
      {canMentionAll && !query.trim() && (
        <button
          type="button"
          className="forward__item at-picker__item"
          onClick={() => onPick({ userId: AT_ALL, name: t('group.atAll') })}
          data-testid="at-pick-all"
        >
          <Avatar name={t('group.atAll')} size={36} />
          <span className="forward__name" dir="auto">
            {t('chatBox.atEveryone')}
          </span>
        </button>
      )}
      <VirtualList
        items={shown}
        rowHeight={AT_ROW_HEIGHT}
        itemKey={(m) => m.userId}
        renderItem={(m) => (
          <button
            type="button"
            className="forward__item at-picker__item"
            onClick={() => onPick({ userId: m.userId, name: m.showNickName })}
            data-testid={`at-pick-${m.userId}`}
          >
            <Avatar src={m.headImageThumb || m.headImage} name={m.showNickName} colourId={m.userId} size={36} />
            <span className="forward__name" dir="auto">
              {m.showNickName}
            </span>
          </button>
        )}
        className="forward__list"
      />
    </Sheet>
  );
}

/** The group member selector (spec §2 dialogs): a searchable checklist of members; used for admins. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '@parley/protocol';
import { Avatar } from '../../ui/Avatar';
import { SearchBox } from '../../ui/SearchBox';
import { Sheet } from '../../ui/Sheet';
import { VirtualList } from '../../ui/VirtualList';
import { filterMembers } from './memberSearch';

interface MemberSelectorProps {
  title: string;
  members: readonly GroupMember[];
  initial: readonly number[];
  onConfirm: (picked: number[]) => Promise<void>;
  onClose: () => void;
  testId: string;
}

const PICK_ROW_HEIGHT = 52;

export function MemberSelector({ title, members, initial, onConfirm, onClose, testId }: MemberSelectorProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number[]>([...initial]);
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => filterMembers(members, query), [members, query]);
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(picked);
      onClose();
    } catch {
      setBusy(false); // the wrapper showed why
    }
  };

  return (
    <Sheet
      title={title}
      onClose={onClose}
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid={`${testId}-confirm`}
          >
            {t('common.confirm')}
          </button>
        </>
      }
    >
      <div className="forward__search">
        <SearchBox
          value={query}
          onValue={setQuery}
          placeholder={t('group.searchMembers')}
          testId={`${testId}-search`}
        />
      </div>
      <VirtualList
        items={shown}
        rowHeight={PICK_ROW_HEIGHT}
        itemKey={(m) => m.userId}
        renderItem={(m) => (
          <label className="pick-item" data-testid={`${testId}-member-${m.userId}`}>
            <input type="checkbox" checked={picked.includes(m.userId)} onChange={() => toggle(m.userId)} />
            <Avatar src={m.headImageThumb || m.headImage} name={m.showNickName} size={36} />
            <span className="pick-item__name">{m.showNickName}</span>
          </label>
        )}
        className="pick-list"
      />
    </Sheet>
  );
}

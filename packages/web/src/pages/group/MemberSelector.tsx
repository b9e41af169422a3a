/**
 * The group member selector (spec §2 dialogs): a searchable checklist of members, for
 * admins and a group call's invitees. With a maximum it shows "n/max" and refuses more.
 */
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
  /** Shown checked and not removable (the caller of a group call). */
  fixed?: readonly number[];
  /** At most this many picked (fixed included); beyond it `overText` shows inline. */
  max?: number;
  overText?: string;
  /** With `max`: the spoken form of the "n/max" count. */
  countLabel?: (n: number, max: number) => string;
  /** Left out of the list (already in the call). */
  hidden?: readonly number[];
}

const PICK_ROW_HEIGHT = 52;

export function MemberSelector(props: MemberSelectorProps) {
  const { title, members, initial, onConfirm, onClose, testId, fixed = [], max, overText, countLabel, hidden } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number[]>([...new Set([...fixed, ...initial])]);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const shown = useMemo(
    () => filterMembers(hidden ? members.filter((m) => !hidden.includes(m.userId)) : members, query),
    [members, query, hidden],
  );
  const toggle = (id: number) => {
    if (fixed.includes(id)) return;
    const adding = !picked.includes(id);
    const full = adding && max !== undefined && picked.length >= max;
    setOver(full);
    if (!full) setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  };

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
      {max !== undefined && (
        <p
          className="pick-count"
          data-testid={`${testId}-count`}
          aria-label={countLabel?.(picked.length, max)}
          aria-live="polite"
        >
          <bdi dir="ltr">
            {picked.length}/{max}
          </bdi>
        </p>
      )}
      {over && overText && (
        <p className="pick-over" role="alert" data-testid={`${testId}-over`}>
          {overText}
        </p>
      )}
      <VirtualList
        items={shown}
        rowHeight={PICK_ROW_HEIGHT}
        itemKey={(m) => m.userId}
        renderItem={(m) => (
          <label className="pick-item" data-testid={`${testId}-member-${m.userId}`}>
            <input
              type="checkbox"
              checked={picked.includes(m.userId)}
              disabled={fixed.includes(m.userId)}
              onChange={() => toggle(m.userId)}
            />
            <Avatar src={m.headImageThumb || m.headImage} name={m.showNickName} colourId={m.userId} size={36} />
            <span className="pick-item__name" dir="auto">
              {m.showNickName}
            </span>
          </label>
        )}
        className="pick-list"
      />
    </Sheet>
  );
}

/**
 * The forwarding selector: up to FORWARD_TARGETS_MAX targets, then a copy to each. It
 * lists every group I am in and every friend, recent chats first, searchable by name.
 * Several messages (selection mode) go one after the other, so each target gets them in order.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType, FORWARD_TARGETS_MAX } from '@parley/protocol';
import { chatActions, useChatList } from '../../../chat';
import type { ChatMessage } from '../../../chat/types';
import { useFriends } from '../../../contacts/friendsStore';
import { useGroups } from '../../../groups/groupsStore';
import { Avatar } from '../../../ui/Avatar';
import { SearchBox } from '../../../ui/SearchBox';
import { moveByArrows } from '../../../ui/focusTrap';
import { Sheet } from '../../../ui/Sheet';
import { showToast } from '../../../ui/toast';

interface Target {
  type: ChatType;
  targetId: number;
  name: string;
  avatar: string;
}

const idOf = (x: Pick<Target, 'type' | 'targetId'>) => `${x.type}-${x.targetId}`;

interface ForwardSelectorProps {
  /** Oldest first; each is sent to every target before the next one goes. */
  messages: readonly ChatMessage[];
  /** Ticked messages left out (recalled, call records): the toast after sending says so. */
  skipped?: number;
  onClose: () => void;
  /** After everything was handed to the send pipeline. */
  onSent?: () => void;
}

export function ForwardSelector({ messages, skipped = 0, onClose, onSent }: ForwardSelectorProps) {
  const { t } = useTranslation();
  const { chats } = useChatList();
  const { list: friends } = useFriends();
  const { list: groups } = useGroups();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Recent chats first, then the groups and the friends without a chat row; never a
  // group I left or that is gone, nor a friend deleted or blocked (a send would fail).
  const targets = useMemo(() => {
    const closed = new Set<string>();
    for (const g of groups)
      if (g.quit || g.dissolve || g.isBanned) closed.add(idOf({ type: ChatType.GROUP, targetId: g.id }));
    for (const f of friends) if (f.deleted || f.isBlocked) closed.add(idOf({ type: ChatType.PRIVATE, targetId: f.id }));
    const out: Target[] = [];
    const seen = new Set<string>(closed);
    const add = (x: Target) => {
      if (seen.has(idOf(x))) return;
      seen.add(idOf(x));
      out.push(x);
    };
    for (const c of chats) {
      if (c.type !== ChatType.SYSTEM)
        add({ type: c.type, targetId: c.targetId, name: c.showName, avatar: c.headImage });
    }
    for (const g of groups) {
      add({ type: ChatType.GROUP, targetId: g.id, name: g.showGroupName, avatar: g.headImageThumb || g.headImage });
    }
    for (const f of friends) {
      add({ type: ChatType.PRIVATE, targetId: f.id, name: f.showNickName, avatar: f.headImageThumb });
    }
    return out;
  }, [chats, groups, friends]);

  const q = query.trim().toLowerCase();
  const shown = q ? targets.filter((x) => x.name.toLowerCase().includes(q)) : targets;

  const toggle = (id: string) => {
    setPicked((p) => {
      if (p.includes(id)) return p.filter((x) => x !== id);
      if (p.length >= FORWARD_TARGETS_MAX) {
        showToast(t('chatBox.forwardMax', { max: FORWARD_TARGETS_MAX }));
        return p;
      }
      return [...p, id];
    });
  };

  const confirm = async () => {
    const chosen = targets.filter((x) => picked.includes(idOf(x)));
    if (!chosen.length || busy) return;
    setBusy(true);
    try {
      const to = chosen.map(({ type, targetId }) => ({ type, targetId }));
      for (const message of messages) await chatActions.forward(message, to);
      showToast(skipped > 0 ? t('chatBox.select.forwardedSkipped', { count: skipped }) : t('chatBox.forwarded'));
      onClose();
      onSent?.();
    } catch {
      setBusy(false); // the request wrapper said why
    }
  };

  return (
    <Sheet
      title={t('chatBox.forwardTitle')}
      onClose={onClose}
      testId="forward-selector"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={picked.length === 0 || busy}
            onClick={() => void confirm()}
            data-testid="forward-confirm"
          >
            {t('chatBox.forwardSend', { count: picked.length })}
          </button>
        </>
      }
    >
      <div
        className="forward__keys"
        // Up/Down move between the search box and the targets; Space ticks one.
        onKeyDown={(e) =>
          (e.key === 'ArrowDown' || e.key === 'ArrowUp') &&
          moveByArrows(e.currentTarget, e, '.forward__search input, .forward__item input')
        }
      >
        <div className="forward__search">
          <SearchBox
            value={query}
            onValue={setQuery}
            placeholder={t('chatBox.forwardSearch')}
            testId="forward-search"
          />
        </div>
        {shown.length === 0 ? (
          <p className="forward__empty">{t('chatBox.forwardNone')}</p>
        ) : (
          <ul className="forward__list">
            {shown.map((x) => {
              const id = idOf(x);
              const on = picked.includes(id);
              return (
                <li key={id}>
                  <label className="forward__item" data-testid={`forward-target-${x.type}-${x.targetId}`}>
                    <input type="checkbox" checked={on} onChange={() => toggle(id)} />
                    <Avatar
                      src={x.avatar}
                      name={x.name}
                      colourId={x.type === ChatType.GROUP ? `g${x.targetId}` : x.targetId}
                      size={36}
                    />
                    <span className="forward__name" dir="auto">
                      {x.name}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Sheet>
  );
}

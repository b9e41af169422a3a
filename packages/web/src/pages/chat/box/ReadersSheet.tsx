/** The read / unread list of my receipt message (spec §2 dialogs): who of the members has read it. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group, GroupMember } from '@parley/protocol';
import { call } from '../../../api/call';
import type { ChatMessage } from '../../../chat/types';
import { receiptAudience } from '../../../groups/receipts';
import { Avatar } from '../../../ui/Avatar';
import { Sheet } from '../../../ui/Sheet';
import { Spinner } from '../../../ui/Spinner';
import { VirtualList } from '../../../ui/VirtualList';

interface ReadersSheetProps {
  group: Group;
  message: ChatMessage;
  members: readonly GroupMember[];
  onClose: () => void;
}

const READER_ROW_HEIGHT = 52;

export function ReadersSheet({ group, message, members, onClose }: ReadersSheetProps) {
  const { t } = useTranslation();
  const [readIds, setReadIds] = useState<Set<number> | null>(null);
  const [tab, setTab] = useState<'read' | 'unread'>('read');
  const messageId = message.id;
  // The count may grow while the sheet is open: ask again when it does.
  const count = message.readedCount ?? 0;

  useEffect(() => {
    if (messageId === undefined) return;
    let live = true;
    call('groupFindReadedUsers', { query: { groupId: group.id, messageId } }).then(
      (ids) => live && setReadIds(new Set(ids)),
      () => live && setReadIds(new Set()),
    );
    return () => {
      live = false;
    };
  }, [group.id, messageId, count]);

  const audience = useMemo(() => receiptAudience(members, message), [members, message]);
  const read = useMemo(() => (readIds ? audience.filter((m) => readIds.has(m.userId)) : []), [audience, readIds]);
  const unread = useMemo(() => (readIds ? audience.filter((m) => !readIds.has(m.userId)) : []), [audience, readIds]);
  const shown = tab === 'read' ? read : unread;

  return (
    <Sheet title={t('chatBox.receiptTitle')} onClose={onClose} testId="readers-sheet">
      <div className="readers__tabs" role="tablist">
        {(['read', 'unread'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`readers__tab${tab === key ? ' readers__tab--on' : ''}`}
            onClick={() => setTab(key)}
            data-testid={`readers-tab-${key}`}
          >
            {t(key === 'read' ? 'chatBox.readersRead' : 'chatBox.readersUnread', {
              count: (key === 'read' ? read : unread).length,
            })}
          </button>
        ))}
      </div>
      {readIds === null ? (
        <div className="page-state">
          <Spinner />
        </div>
      ) : shown.length === 0 ? (
        // An empty tab says so: nobody has read it yet, or everybody has.
        <p className="readers__empty" data-testid={`readers-${tab}-empty`}>
          {t(tab === 'read' ? 'chatBox.readersNoneRead' : 'chatBox.readersAllRead')}
        </p>
      ) : (
        <VirtualList
          key={tab}
          items={shown}
          rowHeight={READER_ROW_HEIGHT}
          itemKey={(m) => m.userId}
          renderItem={(m) => (
            <div className="forward__item" data-testid={`reader-${m.userId}`}>
              <Avatar src={m.headImageThumb || m.headImage} name={m.showNickName} colourId={m.userId} size={36} />
              <span className="forward__name" dir="auto">
                {m.showNickName}
              </span>
            </div>
          )}
          className="forward__list"
          testId={`readers-${tab}`}
        />
      )}
    </Sheet>
  );
}

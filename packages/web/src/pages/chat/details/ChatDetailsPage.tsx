/**
 * /pages/chat/chat-details?type=PRIVATE&targetId=: a private chat's details (issue 22
 * point 4, as WeChat): the friend (tap for their profile) and "+" to start a group
 * with them, search in the chat, shared media/files/links, pin to top, mute, clear the
 * history on this device. A group's details are its group info page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChatType } from '@parley/protocol';
import { useChatSummary } from '../../../chat';
import { setDnd } from '../../../contacts/actions';
import { useFriend } from '../../../contacts/friendsStore';
import { Links, chatBoxPath } from '../../../routes/paths';
import { useIdParam } from '../../../routes/useIdParam';
import { Avatar } from '../../../ui/Avatar';
import { Cell, CellGroup } from '../../../ui/Cell';
import { EmptyState } from '../../../ui/EmptyState';
import { NavBar } from '../../../ui/NavBar';
import { Switch } from '../../../ui/Switch';
import { ClearHistoryCell, PinCell, SearchAndSharedCells } from './DetailsCells';
import './details.css';

export default function ChatDetailsPage() {
  const { t } = useTranslation();
  const targetId = useIdParam('targetId');
  return (
    <div className="page page--narrow" data-testid="chat-details">
      <NavBar title={t('chatDetails.title')} backTo={targetId ? chatBoxPath(ChatType.PRIVATE, targetId) : undefined} />
      {targetId ? (
        <Details targetId={targetId} />
      ) : (
        <EmptyState testId="chat-details-missing" title={t('chatBox.missing')} />
      )}
    </div>
  );
}

function Details({ targetId }: { targetId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const friend = useFriend(targetId);
  const summary = useChatSummary(ChatType.PRIVATE, targetId);
  const [busy, setBusy] = useState(false);
  const name = friend?.showNickName || summary?.showName || String(targetId);
  const avatar = friend?.headImageThumb || friend?.headImage || summary?.headImage || '';
  const muteLabel = t('chatDetails.mute');
  const mute = async (on: boolean) => {
    setBusy(true);
    try {
      await setDnd(targetId, on);
    } catch {
      // shown by the request wrapper
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page__body">
      <div className="sheet details-people">
        <button
          type="button"
          className="details-person"
          onClick={() => void navigate(Links.userInfo(targetId))}
          data-testid="chat-details-person"
        >
          <Avatar src={avatar} name={name} size={52} colourId={targetId} />
          <span className="details-person__name" dir="auto">
            {name}
          </span>
        </button>
        {friend && (
          <button
            type="button"
            className="details-person"
            onClick={() => void navigate(Links.groupCreateWith(targetId))}
            title={t('chatDetails.startGroup')}
            data-testid="chat-details-start-group"
          >
            <span className="details-add" aria-hidden="true">
              +
            </span>
            <span className="details-person__name">{t('chatDetails.startGroupShort')}</span>
          </button>
        )}
      </div>
      <CellGroup>
        <SearchAndSharedCells type={ChatType.PRIVATE} targetId={targetId} />
      </CellGroup>
      <CellGroup>
        <PinCell type={ChatType.PRIVATE} targetId={targetId} pinned={summary?.pinned ?? (friend?.pinnedAt ?? 0) > 0} />
        {friend && (
          <Cell
            label={muteLabel}
            value={
              <Switch
                checked={friend.isDnd}
                disabled={busy}
                label={muteLabel}
                onChange={(on) => void mute(on)}
                testId="chat-details-mute"
              />
            }
          />
        )}
      </CellGroup>
      <CellGroup>
        <ClearHistoryCell type={ChatType.PRIVATE} targetId={targetId} />
      </CellGroup>
    </div>
  );
}

/** What the profile screen offers: for a friend, a stranger, or yourself. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallMode, ChatType, ComplaintTargetType, type Friend } from '@parley/protocol';
import { startCall } from '../../calls/signals';
import { chatActions } from '../../chat';
import { blockUser, deleteFriend, setDnd, unblockUser } from '../../contacts/actions';
import { acceptRequest, usePendingWith } from '../../contacts/requests';
import { GreetingSheet } from '../friend/requests/GreetingSheet';
import { Links, Paths, chatBoxPath } from '../../routes/paths';
import { Cell, CellGroup } from '../../ui/Cell';
import { confirmDialog } from '../../ui/dialog';
import { Switch } from '../../ui/Switch';
import { showToast } from '../../ui/toast';
import '../../ui/form.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

/** Run one action at a time; failures were already shown by the request wrapper. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function BlockCell({ userId, name, blocked, run }: BlockCellProps) {
  const { t } = useTranslation();
  const toggle = () =>
    run(async () => {
      const ok = await confirmDialog({
        content: t(blocked ? 'userInfo.unblockConfirm' : 'userInfo.blockConfirm', { name }),
        confirmText: t(blocked ? 'userInfo.unblock' : 'userInfo.block'),
        testId: blocked ? 'unblock-dialog' : 'block-dialog',
      });
      if (!ok) return;
      await (blocked ? unblockUser(userId) : blockUser(userId));
      showToast(t(blocked ? 'userInfo.unblocked' : 'userInfo.blocked'));
    });
  return (
    <Cell
      label={t(blocked ? 'userInfo.unblock' : 'userInfo.block')}
      onClick={() => void toggle()}
      testId={blocked ? 'user-info-unblock' : 'user-info-block'}
    />
  );
}
interface BlockCellProps {
  userId: number;
  name: string;
  blocked: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
}

function ComplainCell({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = { targetType: ComplaintTargetType.USER, targetId: userId, targetName: name };
  return (
    <Cell
      label={t('userInfo.complain')}
      onClick={() => void navigate(Links.complaint(target))}
      testId="user-info-complain"
    />
  );
}

export function FriendActions({ friend }: { friend: Friend }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, run } = useBusy();
  const name = friend.showNickName;

  const remove = () =>
    run(async () => {
      const ok = await confirmDialog({
        content: <Isolated text={t('userInfo.deleteConfirm', { name: NAME_SLOT })} values={[name]} />,
        confirmText: t('userInfo.delete'),
        testId: 'delete-friend-dialog',
      });
      if (!ok) return;
      await deleteFriend(friend.id);
      showToast(t('userInfo.deleted'));
    });

  return (
    <>
      <CellGroup>
        <Cell
          label={t('userInfo.remark')}
          value={friend.remark || t('userInfo.noRemark')}
          onClick={() => void navigate(Links.friendRemark(friend.id))}
          testId="user-info-remark"
        />
        <Cell
          label={t('userInfo.dnd')}
          value={
            <Switch
              checked={friend.isDnd}
              disabled={busy}
              label={t('userInfo.dnd')}
              onChange={(on) => void run(() => setDnd(friend.id, on))}
              testId="user-info-dnd"
            />
          }
        />
      </CellGroup>
      <CellGroup>
        <ComplainCell userId={friend.id} name={name} />
        <BlockCell userId={friend.id} name={name} blocked={friend.isBlocked} run={run} />
      </CellGroup>
      <div className="user-actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => {
            void chatActions.openChat(ChatType.PRIVATE, friend.id);
            void navigate(chatBoxPath(ChatType.PRIVATE, friend.id));
          }}
          data-testid="user-info-send"
        >
          {t('userInfo.sendMessage')}
        </button>
        <div className="user-actions__calls">
          <button
            type="button"
            className="btn btn--block"
            onClick={() => startCall(CallMode.VOICE, friend.id, friend)}
            data-testid="user-info-voice-call"
          >
            {t('call.voiceCall')}
          </button>
          <button
            type="button"
            className="btn btn--block"
            onClick={() => startCall(CallMode.VIDEO, friend.id, friend)}
            data-testid="user-info-video-call"
          >
            {t('call.videoCall')}
          </button>
        </div>
        <button
          type="button"
          className="btn btn--block btn--danger"
          onClick={() => void remove()}
          disabled={busy}
          data-testid="user-info-delete"
        >
          {t('userInfo.delete')}
        </button>
      </div>
    </>
  );
}

interface StrangerActionsProps {
  userId: number;
  name: string;
  deleted: boolean;
  blocked: boolean;
  /** The blocklist has loaded: until then block/unblock is not offered. */
  blockKnown: boolean;
}

export function StrangerActions({ userId, name, deleted, blocked, blockKnown }: StrangerActionsProps) {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  const [asking, setAsking] = useState(false);
  // A request between us waits: mine ("Request sent"), or theirs to accept here.
  const pending = usePendingWith(userId);
  const theirs = pending?.from.id === userId ? pending : undefined;
  const accept = () =>
    run(async () => {
      if (!theirs) return;
      await acceptRequest(theirs);
      showToast(t('friendAdd.success'));
    });
  let action;
  if (theirs) {
    action = (
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => void accept()}
        disabled={busy}
        data-testid="user-info-accept"
      >
        {t('friendRequest.accept')}
      </button>
    );
  } else if (pending) {
    action = (
      <button type="button" className="btn btn--block" disabled data-testid="user-info-request-sent">
        {t('friendRequest.sentState')}
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => setAsking(true)}
        disabled={busy}
        data-testid="user-info-add"
      >
        {t('userInfo.add')}
      </button>
    );
  }
  return (
    <>
      <CellGroup>
        {theirs && (
          <Cell
            label={t('friendRequest.greeting')}
            value={theirs.greeting || t('friendRequest.noGreeting')}
            testId="user-info-greeting"
          />
        )}
        <ComplainCell userId={userId} name={name} />
        {blockKnown && <BlockCell userId={userId} name={name} blocked={blocked} run={run} />}
      </CellGroup>
      {!deleted && <div className="user-actions">{action}</div>}
      {asking && <GreetingSheet userId={userId} onClose={() => setAsking(false)} />}
    </>
  );
}

export function SelfActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CellGroup>
      <Cell label={t('mine.editProfile')} onClick={() => void navigate(Paths.mineEdit)} testId="user-info-edit" />
    </CellGroup>
  );
}

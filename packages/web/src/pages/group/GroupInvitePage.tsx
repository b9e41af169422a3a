/** /pages/group/group-invite?groupId=: pick friends who are not members yet and invite them (at most 50 a time). */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Limits } from '@parley/protocol';
import { inviteFriends } from '../../groups/actions';
import { useGroup } from '../../groups/groupsStore';
import { activeMembers, useGroupMembers } from '../../groups/members';
import { Links, Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { showToast } from '../../ui/toast';
import { FriendPicker } from './FriendPicker';
import { goBack } from './goBack';
import './group.css';

export default function GroupInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = useIdParam('groupId');
  const group = useGroup(groupId);
  const members = useGroupMembers(groupId ?? undefined);
  const memberIds = useMemo(() => new Set(activeMembers(members.list).map((m) => m.userId)), [members.list]);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const backTo = groupId ? Links.groupInfo(groupId) : Paths.group;

  if (!groupId || !group || group.quit || group.dissolve) {
    return (
      <div className="page page--narrow">
        <NavBar title={t('group.invite')} backTo={backTo} />
        <EmptyState testId="group-invite-unavailable" title={t('group.notMember')} />
      </div>
    );
  }

  const invite = async () => {
    if (picked.length === 0 || busy) return;
    setBusy(true);
    try {
      await inviteFriends(groupId, picked);
      showToast(t('group.invited'));
      goBack(navigate, backTo);
    } catch {
      setBusy(false); // the wrapper showed why
    }
  };

  return (
    <div className="page page--narrow">
      <NavBar title={t('group.invite')} backTo={backTo} />
      <div className="page__body">
        <FriendPicker picked={picked} onPicked={setPicked} max={Limits.INVITE_REMOVE_MAX} members={memberIds} />
      </div>
      <div className="group-footer">
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={picked.length === 0 || busy}
          onClick={() => void invite()}
          data-testid="group-invite-confirm"
        >
          {t('group.inviteCount', { count: picked.length })}
        </button>
      </div>
    </div>
  );
}

/**
 * /pages/group/group-member?groupId=: every member with search, role and mute tags;
 * owner and admins open a member's actions (admin, mute, remove) as their role
 * allows, everyone else goes to the member's profile.
 */
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Group, GroupMember } from '@parley/protocol';
import { useCurrentUser } from '../../app/session';
import { muteMembers, removeMembers, setManagers } from '../../groups/actions';
import { roleIn, type GroupRole } from '../../groups/groupsReducer';
import { useGroup } from '../../groups/groupsStore';
import { activeMembers, loadMembers, useGroupMembers } from '../../groups/members';
import { canMute, canRemove, canSetAdmin } from '../../groups/permissions';
import { Links, Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { Avatar } from '../../ui/Avatar';
import { confirmDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { SearchBox } from '../../ui/SearchBox';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { VirtualList } from '../../ui/VirtualList';
import { showToast } from '../../ui/toast';
import { byRole, filterMembers } from './memberSearch';
import './group.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

export default function GroupMemberPage() {
  const { t } = useTranslation();
  const groupId = useIdParam('groupId');
  const group = useGroup(groupId);
  if (!groupId || !group) {
    return (
      <div className="page page--narrow">
        <NavBar title={t('group.members')} backTo={Paths.group} />
        <EmptyState testId="group-member-missing" title={t('errors.groupNotExist')} />
      </div>
    );
  }
  return <MemberList key={group.id} group={group} />;
}

function MemberList({ group }: { group: Group }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const role = roleIn(group, me.id);
  const { status, list } = useGroupMembers(group.id);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const members = useMemo(() => byRole(activeMembers(list)), [list]);
  const shown = useMemo(() => filterMembers(members, deferred), [members, deferred]);
  const [acting, setActing] = useState<GroupMember | null>(null);

  const open = useCallback(
    (m: GroupMember) => {
      const manageable = canRemove(role, m, me.id) || canSetAdmin(role, m);
      if (manageable) setActing(m);
      else void navigate(Links.userInfo(m.userId));
    },
    [role, me.id, navigate],
  );

  let body;
  if (members.length === 0 && status === 'loading') {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  } else if (members.length === 0 && status === 'error') {
    body = (
      <button type="button" className="page-state page-state--error" onClick={() => void loadMembers(group.id)}>
        {t('group.membersFailed')}
      </button>
    );
  } else {
    body = (
      <>
        <SearchBox
          value={query}
          onValue={setQuery}
          placeholder={t('group.searchMembers')}
          testId="group-member-search"
        />
        <VirtualList
          items={shown}
          rowHeight={MEMBER_ROW_HEIGHT}
          itemKey={(m) => m.userId}
          renderItem={(m) => <MemberRow member={m} onOpen={open} />}
          className="member-list"
          testId="group-member-list"
        />
      </>
    );
  }

  return (
    <div className="page page--narrow page--fill">
      <NavBar title={t('group.membersCount', { count: members.length })} backTo={Links.groupInfo(group.id)} />
      <div className="page__scroller">{body}</div>
      {acting && <MemberActions group={group} role={role} member={acting} onClose={() => setActing(null)} />}
    </div>
  );
}

const MEMBER_ROW_HEIGHT = 60;

const MemberRow = memo(function MemberRow({
  member,
  onOpen,
}: {
  member: GroupMember;
  onOpen: (member: GroupMember) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="group-row"
      onClick={() => onOpen(member)}
      data-testid={`group-member-${member.userId}`}
    >
      <Avatar
        src={member.headImageThumb || member.headImage}
        name={member.showNickName}
        colourId={member.userId}
        size={40}
      />
      <span className="group-row__text">
        <span className="group-row__name" dir="auto">
          {member.showNickName}
        </span>
        <span className="group-row__note">{t(member.online ? 'userInfo.online' : 'userInfo.offline')}</span>
      </span>
      {member.isOwner && <span className="role-tag role-tag--owner">{t('group.owner')}</span>}
      {!member.isOwner && member.isManager && <span className="role-tag">{t('group.admin')}</span>}
      {member.isMuted && <span className="role-tag role-tag--muted">{t('group.muted')}</span>}
    </button>
  );
});

interface MemberActionsProps {
  group: Group;
  role: GroupRole;
  member: GroupMember;
  onClose: () => void;
}

function MemberActions({ group, role, member, onClose }: MemberActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const name = member.showNickName;

  const run = async (action: () => Promise<void>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      showToast(t(done));
      onClose();
    } catch {
      setBusy(false); // shown by the wrapper
    }
  };

  const remove = async () => {
    const ok = await confirmDialog({
      content: <Isolated text={t('group.removeConfirm', { name: NAME_SLOT })} values={[name]} />,
      confirmText: t('group.remove'),
      testId: 'group-remove-dialog',
    });
    if (ok) await run(() => removeMembers(group.id, [member.userId]), 'group.removed');
  };

  return (
    <Sheet title={name} onClose={onClose} testId="group-member-actions">
      <div className="action-list">
        <button
          type="button"
          onClick={() => void navigate(Links.userInfo(member.userId))}
          data-testid="member-action-profile"
        >
          {t('group.viewProfile')}
        </button>
        {canSetAdmin(role, member) && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => setManagers(group.id, [member.userId], !member.isManager),
                member.isManager ? 'group.adminRemoved' : 'group.adminAdded',
              )
            }
            data-testid="member-action-admin"
          >
            {t(member.isManager ? 'group.unsetAdmin' : 'group.setAdmin')}
          </button>
        )}
        {canMute(role, member, me.id) && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => muteMembers(group.id, [member.userId], !member.isMuted),
                member.isMuted ? 'group.unmutedToast' : 'group.mutedToast',
              )
            }
            data-testid="member-action-mute"
          >
            {t(member.isMuted ? 'group.unmute' : 'group.mute')}
          </button>
        )}
        {canRemove(role, member, me.id) && (
          <button
            type="button"
            className="action-list__danger"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="member-action-remove"
          >
            {t('group.remove')}
          </button>
        )}
      </div>
    </Sheet>
  );
}

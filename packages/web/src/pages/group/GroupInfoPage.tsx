/**
 * /pages/group/group-info?groupId=: members, announcement, my nickname and remark,
 * do-not-disturb, and the management a role allows (spec §6): mute all and admins
 * for the owner, forbid mutual contact for owner and admins, leave for members,
 * dissolve for the owner.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType, ComplaintTargetType, type Group } from '@parley/protocol';
import { useChatSummary } from '../../chat';
import { useCurrentUser } from '../../app/session';
import {
  dissolveGroup,
  quitGroup,
  setForbidAddFriend,
  setPinByMembers,
  setGroupDnd,
  setManagers,
  setMuteAll,
} from '../../groups/actions';
import { roleIn } from '../../groups/groupsReducer';
import { useGroup, useGroups } from '../../groups/groupsStore';
import { activeMembers, useGroupMembers } from '../../groups/members';
import { canInvite, canManage } from '../../groups/permissions';
import { Links, Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { Cell, CellGroup } from '../../ui/Cell';
import { confirmDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { showToast } from '../../ui/toast';
import { MemberGrid } from './MemberGrid';
import { MemberSelector } from './MemberSelector';
import { useServerLimits } from '../../app/serverConfig';
import { byRole } from './memberSearch';
import { ClearHistoryCell, PinCell, SearchAndSharedCells } from '../chat/details/DetailsCells';
import '../../ui/form.css';
import './group.css';

export default function GroupInfoPage() {
  const { t } = useTranslation();
  const groupId = useIdParam('groupId');
  const group = useGroup(groupId);
  const { status } = useGroups();
  if (group) return <GroupInfo key={group.id} group={group} />;
  return (
    <div className="page page--narrow">
      <NavBar title={t('group.info')} backTo={Paths.group} />
      {groupId && status !== 'ready' && status !== 'error' ? (
        <div className="page-state">
          <Spinner />
        </div>
      ) : (
        <EmptyState testId="group-info-missing" title={t('errors.groupNotExist')} />
      )}
    </div>
  );
}

function GroupInfo({ group }: { group: Group }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const role = roleIn(group, me.id);
  const members = useGroupMembers(group.id);
  const active = useMemo(() => byRole(activeMembers(members.list)), [members.list]);
  const [busy, setBusy] = useState(false);
  const [pickAdmins, setPickAdmins] = useState(false);
  // The server's cap, from /system/config (loaded at app start).
  const adminsMax = useServerLimits().groupAdminsMax;
  const gone = role === 'none';
  const summary = useChatSummary(ChatType.GROUP, group.id);
  const pinned = summary?.pinned ?? group.pinnedAt > 0;
  const isOwner = role === 'owner';

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

  const leave = () =>
    run(async () => {
      const dissolve = isOwner;
      const ok = await confirmDialog({
        content: t(dissolve ? 'group.dissolveConfirm' : 'group.leaveConfirm', { name: group.showGroupName }),
        confirmText: t(dissolve ? 'group.dissolve' : 'group.leave'),
        testId: dissolve ? 'group-dissolve-dialog' : 'group-leave-dialog',
      });
      if (!ok) return;
      await (dissolve ? dissolveGroup(group.id) : quitGroup(group.id));
      showToast(t(dissolve ? 'group.dissolvedToast' : 'group.leftToast'));
      void navigate(Paths.group, { replace: true });
    });

  const toEdit = () => void navigate(Links.groupEdit(group.id));
  const complaint = { targetType: ComplaintTargetType.GROUP, targetId: group.id, targetName: group.name };

  return (
    <div className="page page--narrow" data-testid="group-info" data-role={role}>
      <NavBar title={t('group.infoCount', { count: active.length || group.memberCount })} backTo={Paths.group} />
      <div className="page__body">
        {gone && (
          <p className="group-banner" data-testid="group-info-gone">
            {t(group.dissolve ? 'group.dissolvedNote' : 'group.leftNote')}
          </p>
        )}
        {group.notice && (
          <div className="sheet group-announcement" data-testid="group-info-announcement">
            <span className="group-announcement__title">{t('announcement.title')}</span>
            <p className="group-announcement__text" dir="auto">
              {group.notice}
            </p>
          </div>
        )}
        {!gone && (
          <div className="sheet">
            <MemberGrid groupId={group.id} members={active} canInvite={canInvite(role)} canRemove={canManage(role)} />
            <button
              type="button"
              className="group-link"
              onClick={() => void navigate(Links.groupMember(group.id))}
              data-testid="group-all-members"
            >
              {t('group.allMembers', { count: active.length || group.memberCount })}
            </button>
          </div>
        )}
        <CellGroup>
          <Cell
            label={t('group.name')}
            value={group.name}
            onClick={isOwner ? toEdit : undefined}
            testId="group-info-name"
          />
          <Cell
            label={t('group.notice')}
            value={group.notice || t('group.noNotice')}
            onClick={isOwner ? toEdit : undefined}
            testId="group-info-notice"
          />
          {!gone && (
            <>
              <Cell
                label={t('group.myNickName')}
                value={group.showNickName}
                onClick={toEdit}
                testId="group-info-nickname"
              />
              <Cell
                label={t('group.remark')}
                value={group.remarkGroupName || t('group.noRemark')}
                onClick={toEdit}
                testId="group-info-remark"
              />
            </>
          )}
        </CellGroup>
        <CellGroup>
          <SearchAndSharedCells type={ChatType.GROUP} targetId={group.id} />
        </CellGroup>
        {gone && (
          <CellGroup>
            <PinCell type={ChatType.GROUP} targetId={group.id} pinned={pinned} />
          </CellGroup>
        )}
        {!gone && (
          <CellGroup>
            {/* Pin beside mute, as WeChat; one who left may still pin the kept chat (above). */}
            <PinCell type={ChatType.GROUP} targetId={group.id} pinned={pinned} />
            <SwitchCell
              label={t('group.dnd')}
              on={group.isDnd}
              busy={busy}
              testId="group-info-dnd"
              onChange={(on) => void run(() => setGroupDnd(group.id, on))}
            />
            {isOwner && (
              <SwitchCell
                label={t('group.muteAll')}
                on={group.isMuted}
                busy={busy}
                testId="group-info-mute-all"
                onChange={(on) => void run(() => setMuteAll(group.id, on))}
              />
            )}
            {canManage(role) && (
              <SwitchCell
                label={t('group.forbidAddFriend')}
                on={group.forbidAddFriend}
                busy={busy}
                testId="group-info-forbid"
                onChange={(on) => void run(() => setForbidAddFriend(group.id, on))}
              />
            )}
            {canManage(role) && (
              <SwitchCell
                label={t('pins.byMembers')}
                on={group.pinByMembers}
                busy={busy}
                testId="group-info-pin-by-members"
                onChange={(on) => void run(() => setPinByMembers(group.id, on))}
              />
            )}
            {isOwner && (
              <Cell
                label={t('group.admins')}
                value={String(active.filter((m) => m.isManager && !m.isOwner).length)}
                onClick={() => setPickAdmins(true)}
                testId="group-info-admins"
              />
            )}
          </CellGroup>
        )}
        <CellGroup>
          <ClearHistoryCell type={ChatType.GROUP} targetId={group.id} />
        </CellGroup>
        <CellGroup>
          <Cell
            label={t('userInfo.complain')}
            onClick={() => void navigate(Links.complaint(complaint))}
            testId="group-info-complain"
          />
        </CellGroup>
        {!gone && (
          <CellGroup>
            <Cell
              label={t(isOwner ? 'group.dissolve' : 'group.leave')}
              danger
              arrow={false}
              onClick={() => void leave()}
              testId={isOwner ? 'group-info-dissolve' : 'group-info-leave'}
            />
          </CellGroup>
        )}
      </div>
      {pickAdmins && (
        <MemberSelector
          title={t('group.admins')}
          testId="admin-selector"
          max={adminsMax}
          overText={t('group.adminsMax', { max: adminsMax })}
          countLabel={(n, max) => t('group.adminsCount', { n, max })}
          members={active.filter((m) => !m.isOwner)}
          initial={active.filter((m) => m.isManager && !m.isOwner).map((m) => m.userId)}
          onClose={() => setPickAdmins(false)}
          onConfirm={async (picked) => {
            const before = new Set(active.filter((m) => m.isManager && !m.isOwner).map((m) => m.userId));
            const add = picked.filter((id) => !before.has(id));
            const remove = [...before].filter((id) => !picked.includes(id));
            if (add.length) await setManagers(group.id, add, true);
            if (remove.length) await setManagers(group.id, remove, false);
          }}
        />
      )}
    </div>
  );
}

interface SwitchCellProps {
  label: string;
  on: boolean;
  busy: boolean;
  testId: string;
  onChange: (on: boolean) => void;
}

function SwitchCell({ label, on, busy, testId, onChange }: SwitchCellProps) {
  return (
    <Cell
      label={label}
      value={<Switch checked={on} disabled={busy} label={label} onChange={onChange} testId={testId} />}
    />
  );
}

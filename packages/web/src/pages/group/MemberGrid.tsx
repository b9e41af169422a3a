/** The member grid of group info: the first members, then invite (+) and remove (−) tiles for those who may. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '@parley/protocol';
import { Links } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';

/** Members shown before "all members". */
export const GRID_MAX = 15;

interface MemberGridProps {
  groupId: number;
  members: readonly GroupMember[];
  canInvite: boolean;
  canRemove: boolean;
}

export function MemberGrid({ groupId, members, canInvite, canRemove }: MemberGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="member-grid" data-testid="group-member-grid">
      {members.slice(0, GRID_MAX).map((m) => (
        <button
          key={m.userId}
          type="button"
          className="member-grid__item"
          onClick={() => void navigate(Links.userInfo(m.userId))}
          data-testid={`group-grid-member-${m.userId}`}
        >
          <Avatar src={m.headImageThumb || m.headImage} name={m.showNickName} colourId={m.userId} size={48} />
          <span className="member-grid__name" dir="auto">
            {m.showNickName}
          </span>
          {(m.isOwner || m.isManager) && (
            <span className="member-grid__badge">{t(m.isOwner ? 'group.owner' : 'group.admin')}</span>
          )}
        </button>
      ))}
      {canInvite && (
        <Tile
          label={t('group.invite')}
          testId="group-grid-invite"
          onClick={() => void navigate(Links.groupInvite(groupId))}
        >
          <path d="M12 6v12M6 12h12" />
        </Tile>
      )}
      {canRemove && (
        <Tile
          label={t('group.remove')}
          testId="group-grid-remove"
          onClick={() => void navigate(Links.groupMember(groupId))}
        >
          <path d="M6 12h12" />
        </Tile>
      )}
    </div>
  );
}

function Tile({
  label,
  testId,
  onClick,
  children,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className="member-grid__item" onClick={onClick} data-testid={testId}>
      <span className="member-grid__tile" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          {children}
        </svg>
      </span>
      <span className="member-grid__name" dir="auto">
        {label}
      </span>
    </button>
  );
}

/** The reported user or group, with its state and a link to act on it. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleComplaintDetail } from '@parley/protocol';
import { Links } from '../../../routes/paths';
import { Avatar } from '../../../ui/Avatar';
import { Flags } from '../parts/Flags';

export function TargetCard({ target }: { target: ConsoleComplaintDetail['target'] }) {
  const { t } = useTranslation();
  const { user, group } = target;
  if (!user && !group) return null;
  return (
    <section className="console-panel" data-testid="console-complaint-target">
      <h2 className="console-panel__title">{t('console.complaint.targetTitle')}</h2>
      {user && (
        <Link to={Links.consoleUser(user.id)} className="console-person" data-testid="console-target-user">
          <Avatar src={user.headImageThumb} name={user.nickName} colourId={user.id} size={44} />
          <span className="console-person__text">
            <span className="console-person__name" dir="auto">
              {user.nickName}
            </span>
            <span className="console-muted">
              {user.userName} · {t('console.users.complaintCount', { n: user.complaintCount })}
            </span>
            {user.isBanned && (
              <span className="console-muted">{t('console.reason.shown', { reason: user.reason })}</span>
            )}
          </span>
          <Flags isBanned={user.isBanned} deleted={user.deleted} isOperator={user.isOperator} type={user.type} />
        </Link>
      )}
      {group && (
        <Link to={Links.consoleGroup(group.id)} className="console-person" data-testid="console-target-group">
          <Avatar src={group.headImageThumb} name={group.name} colourId={`g${group.id}`} size={44} />
          <span className="console-person__text">
            <span className="console-person__name" dir="auto">
              {group.name}
            </span>
            <span className="console-muted">
              {t('console.groups.members', { n: group.memberCount })} ·{' '}
              {t('console.users.complaintCount', { n: group.complaintCount })}
            </span>
          </span>
          <Flags isBanned={group.isBanned} dissolve={group.dissolve} />
        </Link>
      )}
    </section>
  );
}

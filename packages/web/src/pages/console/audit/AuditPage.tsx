/** The audit log: every operator action, newest first. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuditTargetType, type AuditEntry } from '@parley/protocol';
import { listAudit } from '../../../console/audit';
import { usePaged } from '../../../console/usePaged';
import { Links } from '../../../routes/paths';
import { formatDateTime } from '../../common/complaintLabels';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { PagedList } from '../parts/PagedList';
import { auditActionKey, auditDetail } from './auditText';

export default function AuditPage() {
  const { t } = useTranslation();
  const list = usePaged(listAudit, '');
  return (
    <div className="console-page" data-testid="console-audit">
      <ConsoleHeader title={t('console.sections.audit')} top />
      <PagedList
        list={list}
        emptyText={t('console.audit.empty')}
        testId="console-audit"
        row={(entry) => <AuditRow key={entry.id} entry={entry} />}
      />
    </div>
  );
}

const targetLink = (e: AuditEntry): string | null =>
  e.targetType === AuditTargetType.USER
    ? Links.consoleUser(e.targetId)
    : e.targetType === AuditTargetType.GROUP
      ? Links.consoleGroup(e.targetId)
      : e.targetType === AuditTargetType.COMPLAINT
        ? Links.consoleComplaint(e.targetId)
        : null;

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const link = targetLink(e);
  const target = t(`console.audit.targets.${e.targetType}`, { defaultValue: e.targetType });
  const detail = auditDetail(e.detail);
  return (
    <li className="console-row console-row--static" data-testid={`console-audit-${e.id}`}>
      <span className="console-row__top">
        <span className="console-row__title">{t(auditActionKey(e.action), { defaultValue: e.action })}</span>
        <span className="console-muted">{formatDateTime(e.createTime, i18n.language)}</span>
      </span>
      <span className="console-row__line">
        {e.operatorName} · {link ? <Link to={link}>{`${target} #${e.targetId}`}</Link> : `${target} #${e.targetId}`}
      </span>
      {e.reason && (
        <span className="console-row__line console-pre">{t('console.reason.shown', { reason: e.reason })}</span>
      )}
      {detail && (
        <code className="console-row__line console-code" dir="ltr">
          {detail}
        </code>
      )}
    </li>
  );
}

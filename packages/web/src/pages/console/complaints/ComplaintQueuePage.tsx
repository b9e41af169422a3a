/** The complaint queue: pending oldest first with the time left of the 24 h promise; decided ones newest first. */
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, type ConsoleComplaint } from '@parley/protocol';
import { listComplaints } from '../../../console/complaints';
import { usePaged } from '../../../console/usePaged';
import { Links } from '../../../routes/paths';
import { useNow } from '../../chat/box/useNow';
import { complaintTargetKey, complaintTypeKey, formatDateTime } from '../../common/complaintLabels';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { PagedList } from '../parts/PagedList';
import { TimeLeftChip } from './TimeLeftChip';
import { Sentence } from '../../../ui/Segments';

const TABS = [
  { status: ComplaintStatus.PENDING, key: 'pending' },
  { status: ComplaintStatus.RESOLVED, key: 'resolved' },
  { status: ComplaintStatus.REJECTED, key: 'rejected' },
] as const;

export default function ComplaintQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = TABS.find((tab) => String(tab.status) === params.get('status'))?.status ?? ComplaintStatus.PENDING;
  const list = usePaged((page) => listComplaints(status, page), String(status));
  return (
    <div className="console-page" data-testid="console-complaints">
      <ConsoleHeader title={t('console.sections.complaints')} top />
      <div className="console-tabs" role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={tab.status === status}
            className={tab.status === status ? 'console-tab console-tab--active' : 'console-tab'}
            onClick={() => setParams({ status: String(tab.status) }, { replace: true })}
            data-testid={`console-complaints-tab-${tab.key}`}
          >
            {t(`complaint.status.${tab.key}`)}
            {tab.status === status && list.total > 0 && <span className="console-tab__count">{list.total}</span>}
          </button>
        ))}
      </div>
      <PagedList
        list={list}
        emptyText={t('console.complaints.empty')}
        testId="console-complaints"
        row={(c) => <ComplaintRow key={c.id} complaint={c} />}
      />
    </div>
  );
}

function ComplaintRow({ complaint: c }: { complaint: ConsoleComplaint }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  return (
    <li>
      <button
        type="button"
        className="console-row"
        onClick={() => void navigate(Links.consoleComplaint(c.id))}
        data-testid={`console-complaint-${c.id}`}
      >
        <span className="console-row__top">
          <span className="console-row__title">
            {t(complaintTargetKey(c.targetType))} · <bdi>{c.targetName || `#${c.targetId}`}</bdi>
          </span>
          {c.status === ComplaintStatus.PENDING && <TimeLeftChip deadline={c.deadline} now={now} />}
        </span>
        <span className="console-row__line">
          {t(complaintTypeKey(c.type))} ·{' '}
          <Sentence k="console.complaints.by" values={{ name: c.complainant.nickName }} /> ·{' '}
          {formatDateTime(c.createTime, i18n.language)}
        </span>
        <span className="console-row__line console-row__clip" dir="auto">
          {c.content}
        </span>
      </button>
    </li>
  );
}

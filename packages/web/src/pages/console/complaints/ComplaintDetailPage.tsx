/** One complaint: what was reported, the evidence, the target and its recent activity, and the decision. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, type ConsoleComplaintDetail } from '@parley/protocol';
import { getComplaint } from '../../../console/complaints';
import { useLoaded } from '../../../console/useLoaded';
import { Paths } from '../../../routes/paths';
import { useIdParam } from '../../../routes/useIdParam';
import { ZoomImageViewer } from '../../../ui/ZoomImageViewer';
import { useNow } from '../../chat/box/useNow';
import {
  complaintStatusClass,
  complaintStatusKey,
  complaintTargetKey,
  complaintTypeKey,
  formatDateTime,
} from '../../common/complaintLabels';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { Loading } from '../parts/Loading';
import { ActivityList } from './ActivityList';
import { DecisionForm } from './DecisionForm';
import { TargetCard } from './TargetCard';
import { TimeLeftChip } from './TimeLeftChip';

export default function ComplaintDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam('id');
  const loaded = useLoaded(id, getComplaint);
  return (
    <div className="console-page" data-testid="console-complaint">
      <ConsoleHeader title={t('console.complaint.title', { id: id ?? '' })} backTo={Paths.consoleComplaints} />
      <Loading loaded={loaded} missingText={t('errors.complaintNotExist')}>
        {(detail) => <Detail detail={detail} onDecided={(complaint) => loaded.set({ ...detail, complaint })} />}
      </Loading>
    </div>
  );
}

function Detail({
  detail,
  onDecided,
}: {
  detail: ConsoleComplaintDetail;
  onDecided: (c: ConsoleComplaintDetail['complaint']) => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const [viewing, setViewing] = useState<string | null>(null);
  const c = detail.complaint;
  const pending = c.status === ComplaintStatus.PENDING;
  return (
    <div className="console-detail">
      <section className="console-panel">
        <div className="console-panel__head">
          <span
            className={`status-badge status-badge--${complaintStatusClass(c.status)}`}
            data-testid="console-complaint-status"
          >
            {t(complaintStatusKey(c.status))}
          </span>
          {pending && <TimeLeftChip deadline={c.deadline} now={now} />}
        </div>
        <dl className="console-facts">
          <dt>{t('complaintInfo.target')}</dt>
          <dd>
            {t(complaintTargetKey(c.targetType))} · {c.targetName || `#${c.targetId}`}
          </dd>
          <dt>{t('complaint.reason')}</dt>
          <dd>{t(complaintTypeKey(c.type))}</dd>
          <dt>{t('console.complaint.complainant')}</dt>
          <dd>
            {c.complainant.nickName} <span className="console-muted">({c.complainant.userName})</span>
          </dd>
          <dt>{t('complaintInfo.createdAt')}</dt>
          <dd>{formatDateTime(c.createTime, i18n.language)}</dd>
          <dt>{t('complaint.content')}</dt>
          <dd className="console-pre" dir="auto" data-testid="console-complaint-content">
            {c.content}
          </dd>
        </dl>
        {c.images.length > 0 && (
          <div className="console-thumbs">
            {c.images.map((url, i) => (
              <button
                key={`${i}-${url}`}
                type="button"
                onClick={() => setViewing(url)}
                aria-label={t('complaint.imageAlt', { index: i + 1 })}
                data-testid={`console-evidence-${i}`}
              >
                <img src={url} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        )}
      </section>
      <TargetCard target={detail.target} />
      <ActivityList activity={detail.activity} />
      {pending ? (
        <DecisionForm id={c.id} onDecided={onDecided} />
      ) : (
        <section className="console-panel" data-testid="console-complaint-decided">
          <h2 className="console-panel__title">{t('complaintInfo.resolution')}</h2>
          <p className="console-pre" dir="auto">
            {c.resolution || t('complaintInfo.noResolution')}
          </p>
          {c.resolveTime !== null && <p className="console-muted">{formatDateTime(c.resolveTime, i18n.language)}</p>}
        </section>
      )}
      {viewing && (
        <ZoomImageViewer
          src={viewing}
          alt={t('complaintInfo.images')}
          onClose={() => setViewing(null)}
          testId="console-evidence-viewer"
        />
      )}
    </div>
  );
}

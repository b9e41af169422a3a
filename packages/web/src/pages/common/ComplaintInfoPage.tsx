/** /pages/common/complaint-info?id=: one complaint, its state and the reviewer's resolution. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, Timing, type Complaint } from '@parley/protocol';
import { call } from '../../api/call';
import { useLoad } from '../../api/useLoad';
import { Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { ImageViewer } from '../../ui/ImageViewer';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import {
  complaintStatusClass,
  complaintStatusKey,
  complaintTargetKey,
  complaintTypeKey,
  formatDateTime,
} from './complaintLabels';
import './complaint.css';

export default function ComplaintInfoPage() {
  const { t } = useTranslation();
  const id = useIdParam('id');
  return (
    <div className="page page--narrow">
      <NavBar title={t('complaintInfo.title')} backTo={Paths.complaintList} />
      {id ? <ComplaintInfo key={id} id={id} /> : <EmptyState title={t('errors.complaintNotExist')} />}
    </div>
  );
}

function ComplaintInfo({ id }: { id: number }) {
  const { t } = useTranslation();
  const { loaded } = useLoad<Complaint>(
    () => call('complaintInfo', { query: { id }, silent: true }),
    'complaintNotExist',
    id,
  );

  if (loaded.state === 'loading') {
    return (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }
  if (loaded.state === 'missing')
    return <EmptyState testId="complaint-info-missing" title={t('errors.complaintNotExist')} />;
  if (loaded.state === 'error')
    return <EmptyState testId="complaint-info-error" title={t('complaintInfo.loadFailed')} />;
  return <ComplaintDetail complaint={loaded.value} />;
}

function ComplaintDetail({ complaint: c }: { complaint: Complaint }) {
  const { t, i18n } = useTranslation();
  const [viewing, setViewing] = useState<string | null>(null);
  const pending = c.status === ComplaintStatus.PENDING;
  const item = (label: string, value: ReactNode, testId?: string) => (
    <div className="complaint-detail__item">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <dl className="sheet complaint-detail" data-testid="complaint-info">
      {item(
        t('complaintInfo.status'),
        <span className={`status-badge status-badge--${complaintStatusClass(c.status)}`}>
          {t(complaintStatusKey(c.status))}
        </span>,
        'complaint-info-status',
      )}
      {item(t('complaintInfo.target'), `${t(complaintTargetKey(c.targetType))} · ${c.targetName || `#${c.targetId}`}`)}
      {item(t('complaint.reason'), t(complaintTypeKey(c.type)))}
      {item(t('complaint.content'), c.content, 'complaint-info-content')}
      {c.images.length > 0 &&
        item(
          t('complaintInfo.images'),
          <span className="complaint-thumbs">
            {c.images.map((url, i) => (
              <button
                key={`${i}-${url}`}
                type="button"
                onClick={() => setViewing(url)}
                aria-label={t('complaint.imageAlt', { index: i + 1 })}
              >
                <img src={url} alt="" loading="lazy" />
              </button>
            ))}
          </span>,
        )}
      {item(t('complaintInfo.createdAt'), formatDateTime(c.createTime, i18n.language))}
      {pending
        ? item(t('complaintInfo.resolution'), t('complaintInfo.pendingText', { count: Timing.COMPLAINT_VERIFY_HOURS }))
        : item(
            t('complaintInfo.resolution'),
            c.resolution || t('complaintInfo.noResolution'),
            'complaint-info-resolution',
          )}
      {!pending &&
        c.resolveTime !== null &&
        item(t('complaintInfo.resolvedAt'), formatDateTime(c.resolveTime, i18n.language))}
      {viewing && <ImageViewer src={viewing} alt={t('complaintInfo.images')} onClose={() => setViewing(null)} />}
    </dl>
  );
}

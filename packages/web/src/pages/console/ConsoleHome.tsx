/** The console home: on a phone only the section list shows; on desktop an overview beside it. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, type ConsoleComplaint } from '@parley/protocol';
import { listComplaints } from '../../console/complaints';
import { timeLeft } from '../../console/timeLeft';
import { Paths } from '../../routes/paths';
import { useNow } from '../chat/box/useNow';
import { ConsoleHeader } from './parts/ConsoleHeader';

export default function ConsoleHome() {
  const { t } = useTranslation();
  const now = useNow();
  const [pending, setPending] = useState<{ items: ConsoleComplaint[]; total: number } | null>(null);
  useEffect(() => {
    let alive = true;
    listComplaints(ComplaintStatus.PENDING, 1).then(
      (page) => alive && setPending(page),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const overdue = pending?.items.filter((c) => timeLeft(c.deadline, now).urgency === 'overdue').length ?? 0;
  return (
    <div className="console-page" data-testid="console-home">
      <ConsoleHeader title={t('console.overview.title')} top />
      <div className="console-cards">
        <Link to={Paths.consoleComplaints} className="console-card" data-testid="console-overview-pending">
          <span className="console-card__value">{pending?.total ?? '–'}</span>
          <span className="console-card__label">{t('console.overview.pending')}</span>
        </Link>
        <Link to={Paths.consoleComplaints} className="console-card console-card--danger">
          <span className="console-card__value">
            {pending ? `${overdue}${overdue === pending.items.length && pending.total > overdue ? '+' : ''}` : '–'}
          </span>
          <span className="console-card__label">{t('console.overview.overdue')}</span>
        </Link>
      </div>
      <p className="console-note">{t('console.overview.hint')}</p>
    </div>
  );
}

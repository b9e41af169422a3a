/** /pages/common/complaint-list: my complaints, newest first, paged by maxPageId (10 a page). */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_PAGE_SIZE, type Complaint } from '@parley/protocol';
import { call } from '../../api/call';
import { Links, Paths } from '../../routes/paths';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import '../../ui/form.css';
import { complaintStatusClass, complaintStatusKey, complaintTypeKey, formatDateTime } from './complaintLabels';
import './complaint.css';

interface ListState {
  items: Complaint[];
  loading: boolean;
  failed: boolean;
  done: boolean;
}

const fetchPage = (maxPageId?: number) =>
  call('complaintPage', { query: maxPageId ? { maxPageId } : {}, silent: true });

export default function ComplaintListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>({ items: [], loading: true, failed: false, done: false });

  const received = useCallback((page: Complaint[], append: boolean) => {
    setState((s) => ({
      items: append ? [...s.items, ...page.filter((c) => !s.items.some((x) => x.id === c.id))] : page,
      loading: false,
      failed: false,
      done: page.length < COMPLAINT_PAGE_SIZE,
    }));
  }, []);
  const failedToLoad = useCallback(() => setState((s) => ({ ...s, loading: false, failed: true })), []);

  useEffect(() => {
    let alive = true;
    fetchPage().then(
      (page) => alive && received(page, false),
      () => alive && failedToLoad(),
    );
    return () => {
      alive = false;
    };
  }, [received, failedToLoad]);

  const more = () => {
    const last = state.items.at(-1);
    setState((s) => ({ ...s, loading: true, failed: false }));
    fetchPage(last?.id).then((page) => received(page, Boolean(last)), failedToLoad);
  };

  const { items, loading, failed, done } = state;
  return (
    <div className="page page--narrow">
      <NavBar title={t('complaintList.title')} backTo={Paths.mine} />
      {items.length === 0 && loading && (
        <div className="page-state">
          <Spinner />
        </div>
      )}
      {items.length === 0 && !loading && !failed && (
        <EmptyState
          testId="complaint-list-empty"
          title={t('complaintList.emptyTitle')}
          text={t('complaintList.emptyText')}
        />
      )}
      {items.length > 0 && (
        <div className="cell-group" data-testid="complaint-list">
          {items.map((c) => (
            <button
              key={c.id}
              type="button"
              className="complaint-row"
              onClick={() => void navigate(Links.complaintInfo(c.id))}
              data-testid={`complaint-row-${c.id}`}
            >
              <span className="complaint-row__top">
                <span className="complaint-row__name">{c.targetName || `#${c.targetId}`}</span>
                <span className={`status-badge status-badge--${complaintStatusClass(c.status)}`}>
                  {t(complaintStatusKey(c.status))}
                </span>
              </span>
              <span className="complaint-row__line">
                {t(complaintTypeKey(c.type))} · {formatDateTime(c.createTime, i18n.language)}
              </span>
              <span className="complaint-row__line" dir="auto">
                {c.content}
              </span>
            </button>
          ))}
        </div>
      )}
      {failed && (
        <button type="button" className="page-state page-state--error" onClick={more}>
          {t('complaintList.loadFailed')}
        </button>
      )}
      {items.length > 0 && !done && !failed && (
        <div className="complaint-more">
          <button type="button" className="btn" onClick={more} disabled={loading} data-testid="complaint-list-more">
            {loading ? <Spinner size={18} /> : t('complaintList.more')}
          </button>
        </div>
      )}
    </div>
  );
}

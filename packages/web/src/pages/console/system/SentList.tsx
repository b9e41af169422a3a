/** Notifications sent so far, newest first. */
import { useTranslation } from 'react-i18next';
import { listSystemMessages } from '../../../console/system';
import { usePaged } from '../../../console/usePaged';
import { formatDateTime } from '../../common/complaintLabels';
import { PagedList } from '../parts/PagedList';

export function SentList({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const list = usePaged(listSystemMessages, String(version));
  return (
    <section className="console-panel" data-testid="console-system-sent">
      <h2 className="console-panel__title">{t('console.system.sentTitle')}</h2>
      <PagedList
        list={list}
        emptyText={t('console.system.noneSent')}
        testId="console-system-sent"
        pagerTestId="console-system-pager"
        className="console-list--flat"
        row={(m) => (
          <li key={m.id} className="console-row console-row--static">
            <span className="console-row__top">
              <span className="console-row__title" dir="auto">
                {m.title}
              </span>
              <span className="console-muted">{formatDateTime(m.sendTime, i18n.language)}</span>
            </span>
            <span className="console-row__line">
              {m.audience === 'all' ? t('console.system.everyone') : t('console.system.chosen')} ·{' '}
              {t('console.system.recipients', { n: m.recipients })} · {m.senderName}
            </span>
          </li>
        )}
      />
    </section>
  );
}

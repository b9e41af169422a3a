/**
 * /pages/chat/chat-system: the system notifications, newest first, as cards (cover,
 * title, intro, time). Showing the page reads them all; the ones that were new when
 * it opened keep a dot while it shows.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isUploadUrl } from '@parley/protocol';
import { currentLocale } from '../../../i18n';
import { timeText } from '../../../i18n/timeText';
import { Links, Paths } from '../../../routes/paths';
import { systemActions, useSystemState } from '../../../system';
import type { SystemItem } from '../../../system/state';
import { systemIntro, systemTitle } from '../../../system/text';
import { EmptyState } from '../../../ui/EmptyState';
import { NavBar } from '../../../ui/NavBar';
import { SystemAvatar } from './SystemAvatar';
import './system.css';

export default function SystemChatPage() {
  const { t } = useTranslation();
  const { items, readSeq } = useSystemState();
  // What was unread when the page opened (reading it happens at once).
  const [newAbove] = useState(readSeq);
  const [now] = useState(() => Date.now());
  useEffect(() => {
    systemActions.open();
    return () => systemActions.close();
  }, []);
  const newestFirst = [...items].reverse();
  return (
    <div className="page page--narrow">
      <NavBar title={t('system.title')} backTo={Paths.chat} />
      {newestFirst.length === 0 ? (
        <EmptyState
          testId="system-empty"
          icon={<SystemAvatar name="" size={64} />}
          title={t('system.emptyTitle')}
          text={t('system.emptyText')}
        />
      ) : (
        <ol className="sys-list" data-testid="system-list">
          {newestFirst.map((item) => (
            <SystemCard key={item.seqNo} item={item} isNew={item.seqNo > newAbove} now={now} />
          ))}
        </ol>
      )}
    </div>
  );
}

function SystemCard({ item, isNew, now }: { item: SystemItem; isNew: boolean; now: number }) {
  const { t } = useTranslation();
  const title = systemTitle(item, t);
  const intro = systemIntro(item, t);
  return (
    <li className="sys-list__item">
      <time className="sys-list__time" dateTime={new Date(item.sendTime).toISOString()}>
        {timeText(item.sendTime, now, currentLocale(), t)}
      </time>
      <Link className="sys-card" to={Links.systemContent(item.id)} data-testid={`system-card-${item.seqNo}`}>
        {isUploadUrl(item.coverUrl) && <img className="sys-card__cover" src={item.coverUrl} alt="" loading="lazy" />}
        <span className="sys-card__body">
          <span className="sys-card__title" dir="auto">
            {isNew && <span className="sys-card__dot" aria-label={t('system.new')} role="img" />}
            {title}
          </span>
          {intro && (
            <span className="sys-card__intro" dir="auto">
              {intro}
            </span>
          )}
        </span>
        <span className="sys-card__more">
          <span>{t('system.viewDetails')}</span>
          <svg className="sys-card__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </span>
      </Link>
    </li>
  );
}

/**
 * /pages/chat/chat-system-content?id=: one notification in full. The operator's
 * Markdown goes through ui/SystemContent (no raw HTML, links via the leave warning);
 * a complaint outcome shows in the reader's language with the moderators' answer and
 * a link to the complaint.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isUploadUrl, type SystemMessageContent, type SystemTip } from '@parley/protocol';
import { call } from '../../../api/call';
import { useLoad } from '../../../api/useLoad';
import { currentLocale } from '../../../i18n';
import { Links, Paths } from '../../../routes/paths';
import { useIdParam } from '../../../routes/useIdParam';
import { systemActions, systemStore } from '../../../system';
import { systemIntro, systemTitle } from '../../../system/text';
import { EmptyState } from '../../../ui/EmptyState';
import { NavBar } from '../../../ui/NavBar';
import { Spinner } from '../../../ui/Spinner';
import { SystemContent } from '../../../ui/SystemContent';
import { formatDateTime } from '../../common/complaintLabels';
import './system.css';

export default function SystemContentPage() {
  const { t } = useTranslation();
  const id = useIdParam('id');
  return (
    <div className="page page--narrow">
      <NavBar title={t('system.contentTitle')} backTo={Paths.chatSystem} />
      {id ? <Content key={id} id={id} /> : <EmptyState testId="system-content-missing" title={t('system.notFound')} />}
    </div>
  );
}

function Content({ id }: { id: number }) {
  const { t } = useTranslation();
  const { loaded, reload: retry } = useLoad<SystemMessageContent>(
    () => call('systemContent', { query: { id }, silent: true }),
    'messageNotExist',
    id,
  );
  useEffect(() => {
    // Reading one notification (e.g. from a desktop notification) reads up to it.
    const held = systemStore.get().items.find((i) => i.id === id);
    if (held) systemActions.readUpTo(held.seqNo);
  }, [id]);

  if (loaded.state === 'loading') {
    return (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }
  if (loaded.state === 'missing') return <EmptyState testId="system-content-missing" title={t('system.notFound')} />;
  if (loaded.state === 'error') {
    return (
      <button type="button" className="page-state page-state--error" data-testid="system-content-error" onClick={retry}>
        {t('system.loadFailed')}
      </button>
    );
  }
  const c = loaded.value;
  return (
    <article className="sheet sys-article" data-testid="system-article">
      <h2 className="sys-article__title" dir="auto" data-testid="system-article-title">
        {systemTitle(c, t)}
      </h2>
      <p className="sys-article__time">{formatDateTime(c.sendTime, currentLocale())}</p>
      {isUploadUrl(c.coverUrl) && <img className="sys-article__cover" src={c.coverUrl} alt="" />}
      {c.tip ? <TipBody tip={c.tip} intro={systemIntro(c, t)} /> : <SystemContent markdown={c.content} />}
    </article>
  );
}

function TipBody({ tip, intro }: { tip: SystemTip; intro: string }) {
  const { t } = useTranslation();
  const complaintId = Number(tip.params.complaintId);
  return (
    <div className="sys-tip" data-testid="system-tip">
      <p className="sys-tip__intro" dir="auto">
        {intro}
      </p>
      {tip.params.answer && (
        <section className="sys-tip__answer">
          <h3>{t('system.answerLabel')}</h3>
          <p dir="auto" data-testid="system-tip-answer">
            {tip.params.answer}
          </p>
        </section>
      )}
      {Number.isSafeInteger(complaintId) && complaintId > 0 && (
        <Link className="btn sys-tip__link" to={Links.complaintInfo(complaintId)} data-testid="system-tip-complaint">
          {t('system.viewComplaint')}
        </Link>
      )}
    </div>
  );
}

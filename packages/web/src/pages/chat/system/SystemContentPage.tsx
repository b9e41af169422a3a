/**
 * /pages/chat/chat-system-content?id=: one notification in full. The operator's
 * Markdown goes through ui/SystemContent (no raw HTML, links via the leave warning);
 * a complaint outcome shows in the reader's language with the moderators' answer and
 * a link to the complaint.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isUploadUrl, type SystemMessageContent, type SystemTip } from '@parley/protocol';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
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

type Loaded =
  { state: 'loading' } | { state: 'ready'; content: SystemMessageContent } | { state: 'missing' } | { state: 'error' };

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
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    call('systemContent', { query: { id }, silent: true }).then(
      (content) => alive && setLoaded({ state: 'ready', content }),
      (err: unknown) => {
        const missing = err instanceof ApiError && (err.key === 'messageNotExist' || err.key === 'notFound');
        if (alive) setLoaded({ state: missing ? 'missing' : 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
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
  const c = loaded.content;
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

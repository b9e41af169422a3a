/** Send a system notification: title, cover, summary, Markdown content, audience; preview and confirm. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@parley/protocol';
import { sendSystemMessage } from '../../../console/system';
import { FormField } from '../../../ui/FormField';
import { confirmDialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { ImageField } from '../parts/ImageField';
import { TextAreaField } from '../parts/TextAreaField';
import { MarkdownEditor } from './MarkdownEditor';
import { RecipientPicker, type Recipient } from './RecipientPicker';
import { SentList } from './SentList';
import { SystemPreview } from './SystemPreview';
import { Sentence } from '../../../ui/Segments';

interface Draft {
  title: string;
  coverUrl: string;
  intro: string;
  content: string;
  all: boolean;
  users: Recipient[];
}
const EMPTY: Draft = { title: '', coverUrl: '', intro: '', content: '', all: true, users: [] };

export default function SystemSendPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [sentVersion, setSentVersion] = useState(0);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  const ready = draft.title.trim() !== '' && draft.content.trim() !== '' && (draft.all || draft.users.length > 0);

  const send = async () => {
    if (!ready || busy) return;
    const ok = await confirmDialog({
      title: t('console.system.confirmTitle'),
      content: draft.all ? (
        <Sentence k="console.system.confirmAll" values={{ title: draft.title.trim() }} />
      ) : (
        <Sentence
          k="console.system.confirmUsers"
          values={{ title: draft.title.trim() }}
          options={{ count: draft.users.length }}
        />
      ),
      confirmText: t('console.system.send'),
      testId: 'console-system-confirm',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { recipients } = await sendSystemMessage({
        title: draft.title,
        coverUrl: draft.coverUrl,
        intro: draft.intro,
        content: draft.content,
        all: draft.all,
        userIds: draft.all ? [] : draft.users.map((u) => u.id),
      });
      showToast(t('console.system.sent', { count: recipients }));
      setDraft(EMPTY);
      setSentVersion((v) => v + 1);
    } catch {
      // the api wrapper showed why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-page" data-testid="console-system">
      <ConsoleHeader title={t('console.sections.system')} top />
      <div className="console-split">
        <section className="console-panel form">
          <FormField
            label={t('console.system.title')}
            value={draft.title}
            onValue={set('title')}
            maxLength={Limits.SYSTEM_TITLE_MAX}
            testId="console-system-title"
            dir="auto"
          />
          <ImageField
            label={t('console.system.cover')}
            value={draft.coverUrl}
            onValue={set('coverUrl')}
            testId="console-system-cover"
          />
          <TextAreaField
            label={t('console.system.intro')}
            value={draft.intro}
            onValue={set('intro')}
            maxLength={Limits.SYSTEM_INTRO_MAX}
            inputClass="console-intro"
            dir="auto"
            testId="console-system-intro"
          />
          <MarkdownEditor value={draft.content} onValue={set('content')} />
          <fieldset className="console-audience">
            <legend className="field__label">{t('console.system.audience')}</legend>
            <label className="radio">
              <input
                type="radio"
                checked={draft.all}
                onChange={() => set('all')(true)}
                data-testid="console-audience-all"
              />
              {t('console.system.everyone')}
            </label>
            <label className="radio">
              <input
                type="radio"
                checked={!draft.all}
                onChange={() => set('all')(false)}
                data-testid="console-audience-users"
              />
              {t('console.system.chosen')}
            </label>
          </fieldset>
          {!draft.all && <RecipientPicker chosen={draft.users} onChange={set('users')} />}
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={!ready || busy}
            onClick={() => void send()}
            data-testid="console-system-send"
          >
            {busy ? <Spinner size={18} /> : t('console.system.send')}
          </button>
        </section>
        <SystemPreview title={draft.title} coverUrl={draft.coverUrl} intro={draft.intro} content={draft.content} />
      </div>
      <SentList version={sentVersion} />
    </div>
  );
}

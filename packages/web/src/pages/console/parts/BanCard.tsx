/**
 * A user's or group's console card: who it is, its facts, and the actions ban (with a reason
 * it sees), unban (confirmed) and any more the page adds. Each action answers with the new record.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { confirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { formatDateTime } from '../../common/complaintLabels';
import { ReasonSheet } from './ReasonSheet';
import { isolatedText, translateSegments } from '../../../i18n/isolate';
import { Sentence } from '../../../ui/Segments';

interface Banable {
  id: number;
  headImageThumb: string;
  isBanned: boolean;
  reason: string;
  createTime: number;
  complaintCount: number;
}

/** Runs an action that answers with the new record, then toasts `done`; the api wrapper shows failures. */
export type RunAction<T> = (action: () => Promise<T>, done: string) => Promise<void>;

interface BanCardProps<T extends Banable> {
  record: T;
  name: string;
  /** The muted line under the name. */
  sub: ReactNode;
  flags: ReactNode;
  /** Facts between the id and the creation time (`<dt>`/`<dd>` pairs). */
  facts?: ReactNode;
  /** Deleted or dissolved: nothing left to act on. */
  closed: boolean;
  /** Why the actions are off, when they are (the server refuses them too). */
  lockedNote?: string;
  /** `console.users` or `console.groups`: where its texts (banTitle, banNote, banned, unbanConfirm, unbanned) are. */
  texts: string;
  /** `console-user` or `console-group`: its name and reason carry `<testId>-name` and `<testId>-reason`. */
  testId: string;
  ban: (reason: string) => Promise<T>;
  unban: () => Promise<T>;
  onChange: (value: T) => void;
  /** More buttons after ban / unban. */
  more?: (run: RunAction<T>, disabled: boolean) => ReactNode;
}

export function BanCard<T extends Banable>(props: BanCardProps<T>) {
  const { record: r, name, sub, flags, facts, closed, lockedNote, texts, testId, onChange, more } = props;
  const { t, i18n } = useTranslation();
  const [banning, setBanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const disabled = busy || lockedNote !== undefined;

  const run: RunAction<T> = async (action, done) => {
    setBusy(true);
    try {
      onChange(await action());
      showToast(done);
    } catch {
      // the api wrapper showed why
    } finally {
      setBusy(false);
    }
  };
  const unban = async () => {
    if (
      await confirmDialog({
        content: <Sentence k={`${texts}.unbanConfirm`} values={{ name }} />,
        testId: 'console-unban-dialog',
      })
    )
      await run(props.unban, t(`${texts}.unbanned`));
  };

  return (
    <div className="console-detail">
      <section className="console-panel">
        <div className="console-person">
          <Avatar src={r.headImageThumb} name={name} size={56} />
          <span className="console-person__text">
            <span className="console-person__name" dir="auto" data-testid={`${testId}-name`}>
              {name}
            </span>
            <span className="console-muted">{sub}</span>
          </span>
          {flags}
        </div>
        <dl className="console-facts">
          <dt>{t('console.facts.id')}</dt>
          <dd>{r.id}</dd>
          {facts}
          <dt>{t('console.facts.created')}</dt>
          <dd>{formatDateTime(r.createTime, i18n.language)}</dd>
          <dt>{t('console.facts.complaints')}</dt>
          <dd>{r.complaintCount}</dd>
          {r.isBanned && (
            <>
              <dt>{t('console.reason.label')}</dt>
              <dd data-testid={`${testId}-reason`} dir="auto">
                {r.reason}
              </dd>
            </>
          )}
        </dl>
      </section>
      {!closed && (
        <section className="console-panel">
          {lockedNote !== undefined && <p className="form-note">{lockedNote}</p>}
          <div className="console-actions">
            {r.isBanned ? (
              <button
                type="button"
                className="btn"
                disabled={disabled}
                onClick={() => void unban()}
                data-testid="console-unban"
              >
                {t('console.actions.unban')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--warn"
                disabled={disabled}
                onClick={() => setBanning(true)}
                data-testid="console-ban"
              >
                {t('console.actions.ban')}
              </button>
            )}
            {more?.(run, disabled)}
          </div>
        </section>
      )}
      {banning && (
        <ReasonSheet
          title={isolatedText(translateSegments(t, `${texts}.banTitle`, { name }))}
          note={t(`${texts}.banNote`)}
          onSubmit={async (reason) => {
            onChange(await props.ban(reason));
            showToast(t(`${texts}.banned`));
          }}
          onClose={() => setBanning(false)}
        />
      )}
    </div>
  );
}

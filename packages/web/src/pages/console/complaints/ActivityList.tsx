/** The target's recent public activity: its last group messages, newest first. */
import { useTranslation } from 'react-i18next';
import { MessageStatus, type ConsoleActivity } from '@parley/protocol';
import { previewText } from '../../../chat/preview';
import { formatDateTime } from '../../common/complaintLabels';

export function ActivityList({ activity }: { activity: ConsoleActivity[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="console-panel" data-testid="console-activity">
      <h2 className="console-panel__title">{t('console.complaint.activity')}</h2>
      {activity.length === 0 ? (
        <p className="console-muted">{t('console.complaint.noActivity')}</p>
      ) : (
        <ul className="console-activity">
          {activity.map((a) => (
            <li key={a.id}>
              <span className="console-muted">
                {a.sendNickName} · {a.groupName} · {formatDateTime(a.sendTime, i18n.language)}
              </span>
              <span className="console-pre" dir="auto">
                {previewText(
                  { type: a.type, content: a.content, status: MessageStatus.SENDED, selfSend: false },
                  '',
                  t,
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** In a group I may not write in (left, dissolved, banned, muted), a note says why instead of the composer. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@parley/protocol';
import { sendBlockOf } from '../../../../groups/groupsReducer';

export function ComposerGate({ group, children }: { group: Group | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const block = sendBlockOf(group);
  if (!block) return children;
  return (
    <div className="composer composer--blocked" data-testid="composer-blocked" data-reason={block}>
      <p className="composer__blocked">
        {block === 'banned' ? t('group.blocked.banned', { reason: group?.reason ?? '' }) : t(`group.blocked.${block}`)}
      </p>
    </div>
  );
}

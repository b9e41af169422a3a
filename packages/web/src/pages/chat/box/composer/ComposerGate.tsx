/**
 * The composer, or why I cannot write: in a group I may not write in (left, dissolved,
 * banned, muted) a note says why; in a private chat with someone I blocked, a bar offers
 * to unblock.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend, Group } from '@parley/protocol';
import { sendBlockOf } from '../../../../groups/groupsReducer';
import { BlockedBar, usePeerBlocked } from './BlockedBar';

interface ComposerGateProps {
  group: Group | undefined;
  /** A private chat's peer: their id, shown name and friend entry. */
  peer?: { id: number; name: string; friend: Friend | undefined };
  children: ReactNode;
}

export function ComposerGate({ group, peer, children }: ComposerGateProps) {
  const { t } = useTranslation();
  const blockedByMe = usePeerBlocked(peer?.id, peer?.friend);
  if (peer && blockedByMe) return <BlockedBar peerId={peer.id} name={peer.name} />;
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

/**
 * A private chat with someone I blocked (issue 22 point 2, as WhatsApp shows it): a bar
 * "You blocked this contact. Tap to unblock" instead of the composer. Tapping asks, then
 * unblocks through the usual endpoint; the composer comes back when my friend entry says
 * so (its type 82 push reaches every terminal, so an unblock elsewhere brings it back too).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '@parley/protocol';
import { unblockUser } from '../../../../contacts/actions';
import { loadBlocklist, useBlocklist } from '../../../../contacts/blocklist';
import { confirmDialog } from '../../../../ui/dialog';
import { Isolated, NAME_SLOT } from '../../../../ui/Isolated';
import { showToast } from '../../../../ui/toast';

/**
 * Whether I blocked the peer: a friend's entry says it (live); someone no longer a
 * friend is looked up in my blocklist, loaded once for the chat.
 */
export function usePeerBlocked(peerId: number | undefined, friend: Friend | undefined): boolean {
  const fromFriend = friend && !friend.deleted ? friend.isBlocked : undefined;
  const lookUp = peerId !== undefined && fromFriend === undefined;
  const blocklist = useBlocklist();
  useEffect(() => {
    if (lookUp) void loadBlocklist();
  }, [lookUp]);
  if (fromFriend !== undefined) return fromFriend;
  return lookUp && blocklist.list.some((e) => e.toUserId === peerId);
}

export function BlockedBar({ peerId, name }: { peerId: number; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const unblock = async () => {
    const ok = await confirmDialog({
      content: <Isolated text={t('userInfo.unblockConfirm', { name: NAME_SLOT })} values={[name]} />,
      confirmText: t('userInfo.unblock'),
      testId: 'unblock-dialog',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await unblockUser(peerId);
      showToast(t('userInfo.unblocked'));
    } catch {
      // the call wrapper showed why; the bar stays
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="composer composer--blocked" data-testid="composer-blocked" data-reason="blockedByMe">
      <button
        type="button"
        className="composer__unblock"
        disabled={busy}
        onClick={() => void unblock()}
        data-testid="composer-unblock"
      >
        {t('chatBox.blockedBar')}
      </button>
    </div>
  );
}

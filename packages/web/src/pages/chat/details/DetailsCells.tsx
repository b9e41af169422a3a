/**
 * The chat detail rows shared by a private chat's details and group info (issue 22
 * point 4): search in this chat, shared media/files/links, pin to top, clear history
 * on this device.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChatType } from '@parley/protocol';
import { chatActions } from '../../../chat';
import { Links } from '../../../routes/paths';
import { Cell } from '../../../ui/Cell';
import { confirmDialog } from '../../../ui/dialog';
import { Switch } from '../../../ui/Switch';
import { showToast } from '../../../ui/toast';
import { chatSharedLink } from './links';

interface ChatRef {
  type: ChatType;
  targetId: number;
}

export function SearchAndSharedCells({ type, targetId }: ChatRef) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Cell
        label={t('chatDetails.search')}
        onClick={() => void navigate(Links.chatSearch(type, targetId))}
        testId="chat-details-search"
      />
      <Cell
        label={t('chatDetails.shared')}
        onClick={() => void navigate(chatSharedLink(type, targetId))}
        testId="chat-details-shared"
      />
    </>
  );
}

/** Pin to top: on every terminal of mine (the server keeps it on my friend or member entry). */
export function PinCell({ type, targetId, pinned }: ChatRef & { pinned: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t('chatDetails.pin');
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await chatActions.pinChat(type, targetId, on);
    } catch {
      // shown by the request wrapper
    } finally {
      setBusy(false);
    }
  };
  return (
    <Cell
      label={label}
      value={
        <Switch
          checked={pinned}
          disabled={busy}
          label={label}
          onChange={(on) => void change(on)}
          testId="chat-details-pin"
        />
      }
    />
  );
}

/** Clear the chat's messages from this device only, after a confirm. */
export function ClearHistoryCell({ type, targetId }: ChatRef) {
  const { t } = useTranslation();
  const clear = async () => {
    const ok = await confirmDialog({
      content: t('chatDetails.clearConfirm'),
      confirmText: t('chatDetails.clearAction'),
      testId: 'chat-clear-dialog',
    });
    if (!ok) return;
    await chatActions.clearHistory(type, targetId);
    showToast(t('chatDetails.cleared'));
  };
  return (
    <Cell
      label={t('chatDetails.clear')}
      danger
      arrow={false}
      onClick={() => void clear()}
      testId="chat-details-clear"
    />
  );
}

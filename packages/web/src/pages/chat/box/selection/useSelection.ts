/**
 * Selection mode of the chat box: the ticked message keys, leaving on Escape or Cancel, and
 * the bar's actions. Forward hands the plan to the forwarding selector; Favourite adds one
 * by one through the existing add; Delete removes for me on this device after one question.
 * The state lives in the chat box, so leaving the chat (or switching panes) leaves selection.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType } from '@parley/protocol';
import { chatActions } from '../../../../chat';
import { messageKey, type ChatMessage } from '../../../../chat/types';
import { addFavourite } from '../../../../favourites';
import { confirmDialog } from '../../../../ui/dialog';
import { showToast } from '../../../../ui/toast';
import { SELECT_MAX, chosenInOrder, favouriteIds, forwardPlan, toggled } from './selection';

export interface ForwardJob {
  messages: ChatMessage[];
  skipped: number;
}

export function useSelection(type: ChatType, targetId: number, messages: readonly ChatMessage[]) {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<ReadonlySet<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [forwardJob, setForwardJob] = useState<ForwardJob | null>(null);

  const enter = useCallback((m: ChatMessage) => setKeys(new Set([messageKey(m)])), []);
  const cancel = useCallback(() => {
    setKeys(null);
    setForwardJob(null);
  }, []);
  const toggle = useCallback(
    (key: string) => {
      if (!keys) return;
      const next = toggled(keys, key);
      if (next === 'full') showToast(t('chatBox.select.max', { max: SELECT_MAX }));
      else setKeys(next);
    },
    [keys, t],
  );

  // Escape leaves, unless a sheet or dialog above heard it first (their focus traps prevent its default).
  const active = keys !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, cancel]);

  // Deleted meanwhile (here or on another tab) drops out; recalled ones stay, and Forward says it skipped them.
  const chosen = useMemo(() => (keys ? chosenInOrder(messages, keys) : []), [messages, keys]);

  const forward = () => {
    const plan = forwardPlan(chosen);
    if (plan.send.length === 0) showToast(t('chatBox.select.noneForwardable'));
    else setForwardJob({ messages: plan.send, skipped: plan.skipped });
  };

  const favourite = async () => {
    const ids = favouriteIds(chosen, type);
    const favChat = type === ChatType.GROUP ? ChatType.GROUP : ChatType.PRIVATE;
    if (ids.length === 0) return showToast(t('chatBox.select.noneFavouritable'));
    setBusy(true);
    let added = 0;
    for (const id of ids) {
      try {
        await addFavourite(favChat, id);
        added++;
      } catch {
        // the request wrapper showed the catalogue error; the others still go
      }
    }
    setBusy(false);
    showToast(t('chatBox.select.favourited', { count: added }));
    if (added > 0) cancel();
  };

  const remove = async () => {
    const count = chosen.length;
    const ok = await confirmDialog({
      content: t('chatBox.select.deleteConfirm', { count }),
      testId: 'select-delete-dialog',
    });
    if (!ok) return;
    setBusy(true);
    for (const m of chosen) await chatActions.deleteMessage(type, targetId, messageKey(m));
    setBusy(false);
    cancel();
  };

  return {
    active,
    keys,
    chosen,
    busy,
    enter,
    toggle,
    cancel,
    forward,
    favourite: () => void favourite(),
    remove: () => void remove(),
    forwardJob,
    closeForward: useCallback(() => setForwardJob(null), []),
  };
}

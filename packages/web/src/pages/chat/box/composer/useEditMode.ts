/**
 * The composer's edit mode (issue 21 point 1). Editing a text puts it in the text box
 * (the draft that was there waits aside); saving PUTs the edit, an unchanged text just
 * closes, cancelling brings the draft back. A card edits in the card form, prefilled.
 * In a group the mentions of the new text go with it, as with a send. The content is
 * checked as the server checks it, so a sure refusal never leaves the device.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AT_ALL, MessageType, checkMessageContent, type CardContent } from '@parley/protocol';
import { chatActions } from '../../../../chat';
import type { ChatMessage } from '../../../../chat/types';
import { showToast } from '../../../../ui/toast';
import { useChatBox } from '../ChatBoxContext';
import { parseCard } from '../lib/content';
import { tokensToDisplay } from '../lib/emojiText';
import { atAllFromWire, atUserIdsOf, type Mention } from '../lib/mentions';

interface Options {
  /** The text box now, and its mentions. */
  text: string;
  mentions: Mention[];
  /** Put text and its mentions in the text box, caret at the end. */
  setBox: (text: string, mentions: Mention[]) => void;
  /** The display text as it goes on the wire (emoji tokens, everyone's label). */
  toWire: (display: string) => string;
}

export interface EditMode {
  /** The text being edited, or null. */
  message: ChatMessage | null;
  /** The card being edited in the card form, or null. */
  card: { message: ChatMessage; content: CardContent } | null;
  /** The draft while editing (what the text box held before), else null. */
  draft: string | null;
  busy: boolean;
  start(m: ChatMessage): void;
  cancel(): void;
  save(): void;
  saveCard(card: CardContent): void;
  closeCard(): void;
}

export function useEditMode({ text, mentions, setBox, toWire }: Options): EditMode {
  const { t } = useTranslation();
  const { type, targetId, group, personOf } = useChatBox();
  const [message, setMessage] = useState<ChatMessage | null>(null);
  const [card, setCard] = useState<EditMode['card']>(null);
  const [stash, setStash] = useState<{ text: string; mentions: Mention[] } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The message edit mode is on now: a save answered after a cancel does not close another edit. */
  const current = useRef<ChatMessage | null>(null);

  const end = () => {
    if (stash) setBox(stash.text, stash.mentions);
    setStash(null);
    setMessage(null);
    current.current = null;
  };

  /** PUT the edit unless refused here or unchanged; true when edit mode may close. */
  const submit = async (m: ChatMessage, msgType: number, wire: string, atUserIds: number[]) => {
    const check = checkMessageContent(msgType, wire);
    if (!check.ok) {
      showToast(t(`errors.${check.key}`));
      return false;
    }
    if (check.content === m.content || m.id === undefined) return true;
    setBusy(true);
    try {
      await chatActions.edit(type, targetId, m.id, check.content, group ? atUserIds : undefined);
      return true;
    } catch {
      return false; // the request wrapper showed the catalogue text; the edit stays open
    } finally {
      setBusy(false);
    }
  };

  return {
    message,
    card,
    draft: stash?.text ?? null,
    busy,
    start(m) {
      if (m.type === MessageType.CARD) {
        const content = parseCard(m.content);
        if (content) setCard({ message: m, content });
        return;
      }
      const atIds = group ? (m.atUserIds ?? []) : [];
      const everyone = t('group.atAll');
      const own = atIds.map((userId) => ({ userId, name: userId === AT_ALL ? everyone : personOf(userId).name }));
      // a second Edit while editing keeps the first draft aside
      if (!stash) setStash({ text, mentions });
      setMessage(m);
      current.current = m;
      setBox(tokensToDisplay(atAllFromWire(m.content, atIds, everyone)), own);
    },
    cancel: end,
    save() {
      if (!message || busy) return;
      const display = text.replace(/\s+$/u, '');
      void submit(message, MessageType.TEXT, toWire(display), atUserIdsOf(display, mentions)).then((done) => {
        if (done && current.current === message) end();
      });
    },
    saveCard(next) {
      if (!card || busy) return;
      void submit(card.message, MessageType.CARD, JSON.stringify(next), []).then((done) => {
        if (done) setCard(null);
      });
    },
    closeCard: () => setCard(null),
  };
}

/**
 * The draft kept per chat: the text box starts from it (also when the chat's stored
 * record arrives after the box opened), and what is typed is saved a short pause after
 * typing stops and again when the box closes. While editing a message, the draft is the
 * text that waits aside (useEditMode.ts), not the edit.
 */
import { useEffect, useRef, type MutableRefObject } from 'react';
import type { ChatType } from '@parley/protocol';
import { chatActions } from '../../../../chat';
import { typingSender } from '../../../../chat/typingStore';
import { displayToTokens, tokensToDisplay } from '../lib/emojiText';

const DRAFT_DELAY_MS = 400;

/**
 * `touchedRef`: the user (or the stored draft) has put something in the box; until then an
 * empty box saves nothing, so opening a chat never creates an empty draft.
 */
export function useDraft(opts: {
  type: ChatType;
  targetId: number;
  storedDraft: string;
  /** What to save: the box's text, or the draft waiting aside while editing. */
  draftText: string;
  touchedRef: MutableRefObject<boolean>;
  setText: (display: string) => void;
}): void {
  const { type, targetId, storedDraft, draftText, touchedRef, setText } = opts;

  // The draft may arrive after the box opened (chats load from the device).
  useEffect(() => {
    if (!touchedRef.current && storedDraft) {
      touchedRef.current = true;
      setText(tokensToDisplay(storedDraft));
    }
  }, [storedDraft, touchedRef, setText]);

  const latest = useRef(draftText);
  useEffect(() => {
    latest.current = draftText;
    if (!touchedRef.current) return;
    const id = setTimeout(() => chatActions.setDraft(type, targetId, displayToTokens(draftText)), DRAFT_DELAY_MS);
    return () => clearTimeout(id);
  }, [draftText, type, targetId, touchedRef]);
  useEffect(
    () => () => {
      typingSender.stop();
      if (touchedRef.current) chatActions.setDraft(type, targetId, displayToTokens(latest.current));
    },
    [type, targetId, touchedRef],
  );
}

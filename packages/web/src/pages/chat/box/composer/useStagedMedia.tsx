/**
 * The composer's preview sheet state (issue 22 point 8): what album, camera, file, paste
 * and drop staged (more join an open sheet), and the send that puts the caption, as wire
 * text, inside the first item. The refused caption (past the text limit) keeps the sheet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@parley/protocol';
import type { Attachment } from '../../../../chat/types';
import { showToast } from '../../../../ui/toast';
import { isBlank } from '../lib/emojiText';
import { AttachPreview, type FileAttachment } from './AttachPreview';

interface Options {
  /** The caption as typed → wire text (emoji tokens, mentions). */
  toWire: (display: string) => string;
  /** Send the batch; `caption` is the typed text (for mentions). */
  onSend: (items: Attachment[], caption: string) => void;
}

export function useStagedMedia({ toWire, onSend }: Options) {
  const { t } = useTranslation();
  const [staged, setStaged] = useState<FileAttachment[] | null>(null);
  const stage = (list: FileAttachment[]) => {
    if (list.length) setStaged((s) => [...(s ?? []), ...list]);
  };
  const send = (list: FileAttachment[], caption: string) => {
    if (!list.length) return setStaged(null);
    const tokens = isBlank(caption) ? '' : toWire(caption);
    if (tokens.length > Limits.TEXT_CONTENT_MAX) return showToast(t('errors.messageTooLong'));
    setStaged(null);
    onSend(tokens ? [{ ...list[0]!, caption: tokens }, ...list.slice(1)] : list, caption);
  };
  const sheet = staged && (
    <AttachPreview
      attachments={staged}
      onChange={(list) => setStaged(list.length ? list : null)}
      onSend={send}
      onClose={() => setStaged(null)}
    />
  );
  return { open: staged !== null, stage, sheet };
}

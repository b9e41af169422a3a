/** The preview of a pinned message: the chat's current copy if it holds one (edits, recalls), placeholders for media. */
import { previewSegments } from '../../../../chat/preview';
import { lastOf } from '../../../../chat/state';
import type { ChatMessage } from '../../../../chat/types';
import type { Segment } from '../../../../i18n/isolate';
import type { Translate } from '../../../../i18n/timeText';

export function pinPreview(message: ChatMessage, held: readonly ChatMessage[], peerName: string, t: Translate) {
  const shown = held.find((m) => m.id === message.id) ?? message;
  // The sender's name is not part of the preview: the bar and the list are about the message.
  const segments: Segment[] = previewSegments({ ...lastOf(shown), sendNickName: undefined }, peerName, t);
  return segments;
}

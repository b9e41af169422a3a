/** The chat list preview while someone types in the chat (issue 11, point 21), or ''. */
import { useTranslation } from 'react-i18next';
import { typingSegments } from '../../chat/typing';
import { useTypists } from '../../chat/typingStore';
import type { ChatSummary } from '../../chat/types';
import type { Segment } from '../../i18n/isolate';
import './box/chat-polish.css';

export function useRowTyping(chat: ChatSummary): Segment[] {
  const { t } = useTranslation();
  const typists = useTypists(chat.type, chat.targetId);
  if (typists.length === 0) return [];
  return typingSegments(
    t,
    typists.map((x) => x.name ?? chat.showName),
  );
}

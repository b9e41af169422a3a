/** The chat box header's "X is typing…" text (issue 11, point 21), or '' when nobody types. */
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { typingSegments } from '../../../chat/typing';
import type { Segment } from '../../../i18n/isolate';
import { useTypists } from '../../../chat/typingStore';
import { ChatBoxContext } from './ChatBoxContext';

export function useTypingLine(): Segment[] {
  const { t } = useTranslation();
  const box = useContext(ChatBoxContext);
  const typists = useTypists(box?.type ?? '', box?.targetId ?? 0);
  if (!box) return [];
  const names = typists.map((x) => box.personOf(x.userId, x.name).name);
  return typingSegments(t, names);
}

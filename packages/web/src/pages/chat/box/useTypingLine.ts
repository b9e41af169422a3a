/** The chat box header's "X is typing…" text (issue 11, point 21), or '' when nobody types. */
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { typingText } from '../../../chat/typing';
import { useTypists } from '../../../chat/typingStore';
import { ChatBoxContext } from './ChatBoxContext';

export function useTypingLine(): string {
  const { t } = useTranslation();
  const box = useContext(ChatBoxContext);
  const typists = useTypists(box?.type ?? '', box?.targetId ?? 0);
  if (!box) return '';
  const names = typists.map((x) => box.personOf(x.userId, x.name).name);
  return typingText(t, names);
}

/** A friend's "last seen …" text (i18n/lastSeen.ts), kept current every 30 s; null when not shared. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { lastSeenText } from '../i18n/lastSeen';
import { useNow } from '../pages/chat/box/useNow';

export function useLastSeen(lastSeenAt: number | undefined): string | null {
  const { t } = useTranslation();
  const now = useNow();
  if (lastSeenAt === undefined) return null;
  // The server's clock may run ahead of this device's: never "in the future".
  return lastSeenText(lastSeenAt, Math.max(now, lastSeenAt), currentLocale(), t);
}

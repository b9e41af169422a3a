/**
 * The 58 emoji's names in the user's language (Unicode CLDR, built by build/emojiNames.ts),
 * for screen readers: the panel's buttons and the images in bubbles. Only the current
 * locale's names are loaded, when it is chosen; until they arrive an emoji is named by
 * its character.
 */
import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { isLocale, type Locale } from '@parley/protocol';

type Names = Readonly<Record<string, string>>;

const LOADERS: Record<Locale, () => Promise<{ default: Names }>> = {
  'ar-SA': () => import('virtual:emoji-names/ar-SA'),
  'en-US': () => import('virtual:emoji-names/en-US'),
  'es-ES': () => import('virtual:emoji-names/es-ES'),
  'es-MX': () => import('virtual:emoji-names/es-MX'),
  'fr-CA': () => import('virtual:emoji-names/fr-CA'),
  'fr-FR': () => import('virtual:emoji-names/fr-FR'),
  'id-ID': () => import('virtual:emoji-names/id-ID'),
  'ja-JP': () => import('virtual:emoji-names/ja-JP'),
  'ko-KR': () => import('virtual:emoji-names/ko-KR'),
  'pt-BR': () => import('virtual:emoji-names/pt-BR'),
  'pt-PT': () => import('virtual:emoji-names/pt-PT'),
  'ru-RU': () => import('virtual:emoji-names/ru-RU'),
  'vi-VN': () => import('virtual:emoji-names/vi-VN'),
  'zh-CN': () => import('virtual:emoji-names/zh-CN'),
  'zh-TW': () => import('virtual:emoji-names/zh-TW'),
};

let current: { locale: string; names: Names } = { locale: '', names: {} };
const listeners = new Set<() => void>();

function load(locale: string): void {
  if (!isLocale(locale) || current.locale === locale) return;
  void LOADERS[locale]().then((m) => {
    // a later change of language wins over a slow load
    if (i18next.language !== locale) return;
    current = { locale, names: m.default };
    for (const l of listeners) l();
  });
}

i18next.on('languageChanged', load);
if (i18next.language) load(i18next.language);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** emoji name (`heartEyes`) → its name in the user's language, once loaded. */
export function useEmojiNames(): Names {
  return useSyncExternalStore(subscribe, () => current.names);
}

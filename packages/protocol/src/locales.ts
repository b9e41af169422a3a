/** The 15 app languages (spec §9); en-US is the default, with no fallback chain. */
export const LOCALES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'id-ID',
  'vi-VN',
  'ko-KR',
  'ja-JP',
  'es-ES',
  'es-MX',
  'pt-PT',
  'pt-BR',
  'fr-FR',
  'fr-CA',
  'ar-SA',
  'ru-RU',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const RTL_LOCALES: readonly Locale[] = ['ar-SA'];
export const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);
/** Each language's own name, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'id-ID': 'Bahasa Indonesia',
  'vi-VN': 'Tiếng Việt',
  'ko-KR': '한국어',
  'ja-JP': '日本語',
  'es-ES': 'Español (España)',
  'es-MX': 'Español (México)',
  'pt-PT': 'Português (Portugal)',
  'pt-BR': 'Português (Brasil)',
  'fr-FR': 'Français (France)',
  'fr-CA': 'Français (Canada)',
  'ar-SA': 'العربية',
  'ru-RU': 'Русский',
};

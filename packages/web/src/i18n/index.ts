/**
 * i18next setup: every locales/<locale>.json is found through import.meta.glob,
 * so a translator adds a language by adding its file. Each is its own chunk, loaded
 * only when chosen, so the app never downloads 15 languages. No fallback locale (spec §1).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, RTL_LOCALES, describeRule, isFieldRule, isLocale, type Locale } from '@parley/protocol';
import { getStoredLocale, setStoredLocale } from '../api/storage';

type Catalogue = Record<string, unknown>;

const loaders = new Map<Locale, () => Promise<Catalogue>>();
for (const [path, load] of Object.entries(import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' }))) {
  const name = /\/([\w-]+)\.json$/.exec(path)?.[1];
  if (isLocale(name)) loaders.set(name, load);
}

/** Fetch a locale's strings once and hand them to i18next. */
async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const load = loaders.get(locale);
  if (load) i18next.addResourceBundle(locale, 'translation', await load());
}

export function initialLocale(): Locale {
  const stored = getStoredLocale();
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Mirror the language on <html> so CSS logical properties flip for RTL. */
function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

export async function initI18n(): Promise<void> {
  const lng = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  await ensureLoaded(lng);
  applyDocumentLocale(lng);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  setStoredLocale(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLocale(locale);
}

/** Translate outside React (api wrapper, socket notices). */
export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options);

/** Translate a catalogue key (`errors.<key>`), falling back to a server-sent text. */
export function errorText(key: string | undefined, fallback: string, params?: Record<string, unknown>): string {
  if (key === 'invalidParam' && i18next.exists('errors.invalidParam')) return invalidParamText(params);
  const template = key ? i18next.getResource(i18next.language, 'translation', `errors.${key}`) : undefined;
  if (typeof template !== 'string') return fallback;
  // A slot ({{reason}}) the reply did not fill: the server's own sentence says more.
  const slots = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');
  if (fallback && slots.some((slot) => params?.[slot] === undefined)) return fallback;
  return i18next.t(`errors.${key}`, params);
}

/**
 * invalidParam names the field (JSON path: `targetId`, `images.3`) and the rule it
 * broke (protocol validation.ts); both are translated here, the server's English never shown.
 * A reply without them (an older server) reads as a malformed request.
 */
function invalidParamText(params: Record<string, unknown> = {}): string {
  const rule = isFieldRule(params.rule) ? params.rule : 'format';
  const field = typeof params.field === 'string' && params.field ? params.field : 'body';
  const slots: Record<string, string | number> = {};
  for (const name of ['min', 'max', 'values'])
    if (typeof params[name] === 'string' || typeof params[name] === 'number') slots[name] = params[name];
  const segment = field.split('.')[0] ?? field;
  const fieldText = i18next.exists(`fields.${segment}`) ? i18next.t(`fields.${segment}`) : field;
  const ruleText = i18next.exists(`rules.${rule}`) ? i18next.t(`rules.${rule}`, slots) : describeRule(rule, slots);
  return i18next.t('errors.invalidParam', { field: fieldText, rule: ruleText });
}

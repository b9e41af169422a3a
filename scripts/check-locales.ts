/**
 * Locale check (run by `npm test`, or `npm run i18n:check`): every language of
 * spec §9 has packages/web/src/i18n/locales/<locale>.json with exactly the keys
 * of en-US, no empty strings, the same {{placeholders}}, real translations (not
 * English copies), every plural form each locale's plural rules need, and en-US has
 * `errors.<key>` for every catalogue key and
 * `rules.<rule>` for every field rule of an invalidParam reply.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_ERROR_KEYS,
  DEFAULT_LOCALE,
  FIELD_RULES,
  FieldRules,
  LOCALES,
  SERVER_ERROR_KEYS,
} from '@parley/protocol';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.LOCALES_DIR ?? join(root, 'packages/web/src/i18n/locales');
/** Share of keys that may equal en-US before a locale counts as an untranslated copy. */
const COPY_LIMIT = 0.1;
/** Values that may legitimately stay the same in every language. */
const SAME_OK = /^(OK|Parley|Email|E-mail|WebRTC|URL|ID|App|Web|PWA|\d[\d.:\s]*|[\W\d_]*)$/i;

type Flat = Map<string, string>;
const problems: string[] = [];
const fail = (msg: string): void => void problems.push(msg);

function flatten(value: unknown, prefix: string, out: Flat, file: string): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, file);
  } else {
    fail(`${file}: "${prefix}" must be a string or an object, found ${Array.isArray(value) ? 'array' : typeof value}`);
  }
}

function load(locale: string): Flat | null {
  const file = `${locale}.json`;
  const path = join(dir, file);
  if (!existsSync(path)) {
    fail(`${file}: missing (every locale of spec §9 needs a file in packages/web/src/i18n/locales/)`);
    return null;
  }
  try {
    const out: Flat = new Map();
    flatten(JSON.parse(readFileSync(path, 'utf8')), '', out, file);
    return out;
  } catch (e) {
    fail(`${file}: not valid JSON: ${(e as Error).message}`);
    return null;
  }
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
/** i18next plural/context suffixes: a locale may have other plural forms than en-US. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (k: string): string => k.replace(PLURAL, '');

if (!existsSync(dir)) {
  console.error(`check-locales: ${dir} does not exist`);
  process.exit(1);
}
for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const name = f.slice(0, -5);
  if (!(LOCALES as readonly string[]).includes(name)) fail(`${f}: not a locale of spec §9 (${LOCALES.join(', ')})`);
}

const en = load(DEFAULT_LOCALE);
if (!en) for (const locale of LOCALES) if (locale !== DEFAULT_LOCALE) load(locale);
/**
 * Every plural key has each form its locale's plural rules can pick (Intl.PluralRules, as
 * i18next does): ar-SA zero, one, two, few, many, other; ru-RU one, few, many, other; fr-FR
 * one, many, other; zh-CN other. A missing form would show the key itself.
 */
function checkPluralForms(locale: string, keys: Flat): void {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const bases = new Set([...keys.keys()].filter((k) => PLURAL.test(k)).map(pluralBase));
  for (const base of bases)
    for (const c of categories)
      if (!keys.has(`${base}_${c}`))
        fail(`${locale}.json: missing plural form "${base}_${c}" (${categories.join(', ')})`);
}

if (en) {
  checkPluralForms(DEFAULT_LOCALE, en);
  for (const key of [...SERVER_ERROR_KEYS, ...CLIENT_ERROR_KEYS])
    if (!en.has(`errors.${key}`)) fail(`${DEFAULT_LOCALE}.json: missing "errors.${key}" (protocol error catalogue)`);
  for (const rule of FIELD_RULES) {
    const text = en.get(`rules.${rule}`);
    if (text === undefined) fail(`${DEFAULT_LOCALE}.json: missing "rules.${rule}" (protocol field rules)`);
    else if (placeholders(text).join() !== placeholders(FieldRules[rule]).join())
      fail(`${DEFAULT_LOCALE}.json: "rules.${rule}" must use the slots of FieldRules.${rule} ("${FieldRules[rule]}")`);
  }
  for (const [k, v] of en) if (v.trim() === '') fail(`${DEFAULT_LOCALE}.json: "${k}" is empty`);

  const enBases = new Set([...en.keys()].map(pluralBase));
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const file = `${locale}.json`;
    const tr = load(locale);
    if (!tr) continue;
    checkPluralForms(locale, tr);
    const trBases = new Set([...tr.keys()].map(pluralBase));
    const missing = [...en.keys()].filter((k) => !tr.has(k) && !(PLURAL.test(k) && trBases.has(pluralBase(k))));
    const extra = [...tr.keys()].filter((k) => !en.has(k) && !(PLURAL.test(k) && enBases.has(pluralBase(k))));
    for (const k of missing) fail(`${file}: missing key "${k}"`);
    for (const k of extra) fail(`${file}: extra key "${k}" (not in ${DEFAULT_LOCALE})`);

    let same = 0;
    let compared = 0;
    const sameKeys: string[] = [];
    for (const [k, v] of tr) {
      if (v.trim() === '') {
        fail(`${file}: "${k}" is empty`);
        continue;
      }
      const ref = en.get(k) ?? en.get(`${pluralBase(k)}_other`) ?? en.get(pluralBase(k));
      if (ref === undefined) continue;
      // A plural form may say its number in words ("دقيقتين", two minutes) and leave {{count}} out.
      const spelled = (list: string[]) => (PLURAL.test(k) ? list.filter((p) => p !== 'count') : list);
      const want = spelled(placeholders(ref)).join(', ');
      const got = spelled(placeholders(v)).join(', ');
      if (want !== got) fail(`${file}: "${k}" placeholders [${got}] differ from ${DEFAULT_LOCALE} [${want}]`);
      if (SAME_OK.test(ref.trim())) continue;
      compared++;
      if (v === ref) {
        same++;
        sameKeys.push(k);
      }
    }
    if (compared > 0 && same / compared > COPY_LIMIT)
      fail(
        `${file}: ${same} of ${compared} values (${Math.round((100 * same) / compared)}%) equal ${DEFAULT_LOCALE} ` +
          `(limit ${COPY_LIMIT * 100}%), untranslated? e.g. ${sameKeys.slice(0, 5).join(', ')}`,
      );
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`  ✗ ${p}`);
  console.error(`check-locales: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-locales: ${LOCALES.length} locales, ${en?.size ?? 0} keys each, all consistent`);

/**
 * Build time (vite.config.ts): the 58 emoji's names in each locale, from the Unicode CLDR
 * annotations (cldr-annotations-full, pinned): the name a text-to-speech voice reads (`tts`).
 * Each locale becomes its own small module, so the app loads only its user's language.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// Relative imports: the config is bundled by vite, while the workspace package (TS source) would be externalised.
import { EMOJI } from '../../protocol/src/emoji.js';

const require = createRequire(import.meta.url);

/** CLDR's files for a locale, most specific first (a regional file holds only what differs from its parent). */
export function cldrChain(locale: string): string[] {
  if (locale === 'zh-TW') return ['zh-Hant', 'zh'];
  if (locale === 'es-MX') return ['es-MX', 'es-419', 'es'];
  return [locale, locale.split('-')[0]!];
}

type Annotations = Record<string, { tts?: string[] } | undefined>;

function annotations(tag: string): Annotations {
  let path: string;
  try {
    path = require.resolve(`cldr-annotations-full/annotations/${tag}/annotations.json`);
  } catch {
    return {}; // CLDR has no file for this region: its parent's names hold
  }
  const json = JSON.parse(readFileSync(path, 'utf8')) as { annotations: { annotations: Annotations } };
  return json.annotations.annotations;
}

/** emoji name (`heartEyes`) → its name in `locale`; an emoji CLDR does not name is left out. */
export function emojiNames(locale: string): Record<string, string> {
  const files = cldrChain(locale).map(annotations);
  const out: Record<string, string> = {};
  for (const [name, char] of EMOJI) {
    const keys = [char, char.replaceAll('\uFE0F', '')];
    for (const file of files) {
      const tts = keys.map((k) => file[k]?.tts?.[0]).find(Boolean);
      if (tts) {
        out[name] = tts;
        break;
      }
    }
  }
  return out;
}

const PREFIX = 'virtual:emoji-names/';

/** `import('virtual:emoji-names/<locale>')`: that locale's names as a default export. */
export function emojiNamesPlugin() {
  return {
    name: 'parley-emoji-names',
    resolveId: (id: string) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load: (id: string) =>
      id.startsWith(`\0${PREFIX}`)
        ? `export default ${JSON.stringify(emojiNames(id.slice(PREFIX.length + 1)))};`
        : undefined,
  };
}

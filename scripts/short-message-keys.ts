// Message keys are long on purpose: `t('integrationNotificationsRefused')` says what the string is for.
// But every call carries its key into the bundle, about 1.6 KB gzip of the worker alone. So `wxt build`
// gives each key a short name (k0, k1, …) in the code and in the _locales files alike; the sources, the
// unit tests (which read public/_locales) and `wxt` dev mode keep the long ones. The keys the manifest
// names (`__MSG_extName__` in wxt.config.ts) keep theirs, so the manifest reads as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The call the sources use (the same pattern tests/unit/lib/i18n.test.ts finds used keys by). */
const CALL = /\bt\(\s*'([A-Za-z0-9_@]+)'/g;
const MANIFEST_KEY = /__MSG_([A-Za-z0-9_@]+)__/g;
const LOCALE_FILE = /^_locales\/[^/]+\/messages\.json$/;

interface LocaleEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/** Long key → short name, the same for every build of the same messages (sorted, then numbered). */
export function shortKeyNames(rootDir: string): Map<string, string> {
  const english = JSON.parse(
    readFileSync(join(rootDir, 'public', '_locales', 'en', 'messages.json'), 'utf8'),
  ) as Record<string, LocaleEntry>;
  const inManifest = new Set(
    [...readFileSync(join(rootDir, 'wxt.config.ts'), 'utf8').matchAll(MANIFEST_KEY)].map((m) => m[1]!),
  );
  const names = new Map<string, string>();
  Object.keys(english)
    .sort()
    .forEach((key, index) => names.set(key, inManifest.has(key) ? key : `k${index.toString(36)}`));
  return names;
}

/** Renames the keys in `t('…')` calls of the extension's own modules. */
export function shortMessageKeysPlugin(names: Map<string, string>): Plugin {
  return {
    name: 'page-reports:short-message-keys',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.tsx?$/.test(file) || !code.includes('t(')) return null;
      const renamed = code.replace(CALL, (call, key: string) => {
        const name = names.get(key);
        if (!name) throw new Error(`${file}: t('${key}') names no message in public/_locales/en`);
        return call.replace(`'${key}'`, `'${name}'`);
      });
      return renamed === code ? null : { code: renamed, map: null };
    },
  };
}

/** One messages.json with the short names, without the translators' descriptions and examples. */
export function shortLocaleFile(text: string, names: Map<string, string>): string {
  const messages = JSON.parse(text) as Record<string, LocaleEntry>;
  const renamed: Record<string, LocaleEntry> = {};
  for (const [key, { message, placeholders }] of Object.entries(messages)) {
    const entry: LocaleEntry = { message };
    if (placeholders) {
      entry.placeholders = Object.fromEntries(
        Object.entries(placeholders).map(([name, { content }]) => [name, { content }]),
      );
    }
    renamed[names.get(key) ?? key] = entry;
  }
  return JSON.stringify(renamed);
}

/** For WXT's build:publicAssets hook: the _locales files, renamed like the code. */
export function isLocaleFile(relativeDest: string): boolean {
  return LOCALE_FILE.test(relativeDest.replaceAll('\\', '/'));
}

// browser.i18n for unit tests: WXT's fake browser leaves it unimplemented. Reads the extension's own
// public/_locales files and fills placeholders the way the browsers do, so a test sees the sentence a
// person would (English unless a test switches with `useTestLanguage`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export interface LocaleEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type LocaleMessages = Record<string, LocaleEntry>;

export const LOCALES_DIR = join(process.cwd(), 'public', '_locales');

export function readLocale(language: string): LocaleMessages {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, 'messages.json'), 'utf8')) as LocaleMessages;
}

export function localeLanguages(): string[] {
  return readdirSync(LOCALES_DIR).sort();
}

/** One message with its substitutions, as chrome.i18n.getMessage builds it. */
export function formatMessage(entry: LocaleEntry, substitutions: readonly string[]): string {
  const placeholders = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]),
  );
  const fill = (text: string) =>
    text.replace(/\$(\$|[1-9])/g, (_, which: string) =>
      which === '$' ? '$' : (substitutions[Number(which) - 1] ?? ''),
    );
  return fill(
    entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) =>
      name.toLowerCase() in placeholders ? placeholders[name.toLowerCase()]! : whole,
    ),
  );
}

const cache = new Map<string, LocaleMessages>();
let language = 'en';

/** Switches the fake browser's language ("de"); English stands in for any key a language lacks. */
export function useTestLanguage(next: string): void {
  language = next;
}

export function installFakeI18n(): void {
  const messages = (lang: string) => cache.get(lang) ?? cache.set(lang, readLocale(lang)).get(lang)!;
  fakeBrowser.i18n.getMessage = ((key: string, substitutions?: string | string[]) => {
    const entry = messages(language)[key] ?? messages('en')[key];
    if (!entry) return '';
    const list =
      substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    return formatMessage(entry, list);
  }) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => language;
}

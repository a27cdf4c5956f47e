// Every string a person reads goes through here: `t("someKey", …)` looks it up in
// public/_locales/<language>/messages.json for the browser's language (English when a language has no
// file). Keys are literal at each call so tests/unit/lib/i18n.test.ts can find every one used; a key
// missing from a language, or in none, fails that test. Only the type of the English file is imported:
// the strings stay out of every bundle.
import type english from '@/public/_locales/en/messages.json';
import { browser } from './page-browser';

export type MessageKey = keyof typeof english;

/** The message in the browser's language; `substitutions` fill its placeholders ($1 … $9) in order. */
export function t(key: MessageKey, ...substitutions: Array<string | number>): string {
  return browser.i18n.getMessage(key, substitutions.map(String)) || key;
}

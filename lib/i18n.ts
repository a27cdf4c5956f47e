// Every string a person reads: `t("someKey", …)` from public/_locales in the browser's language. Keys are
// literal at each call, so tests/unit/lib/i18n.test.ts finds every one used.
import type english from '@/public/_locales/en/messages.json';
import { browser } from './page-browser';

export type MessageKey = keyof typeof english;

/** The message in the browser's language; `substitutions` fill its placeholders ($1 … $9) in order. */
export function t(key: MessageKey, ...substitutions: Array<string | number>): string {
  return browser.i18n.getMessage(key, substitutions.map(String)) || key;
}

// English sentences left on a German page: the English messages whose German differs, found in the
// page's text. Only the fixed parts of a message count (placeholders are left out), and only parts long
// enough not to be a word both languages share.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from './paths';

type Messages = Record<string, { message: string }>;

const read = (locale: string): Messages =>
  JSON.parse(readFileSync(join(projectRoot, 'public/_locales', locale, 'messages.json'), 'utf8')) as Messages;

const MIN_LENGTH = 12;

const englishParts: string[] = (() => {
  const [english, german] = [read('en'), read('de')];
  const parts = new Set<string>();
  for (const [key, { message }] of Object.entries(english)) {
    if (german[key]?.message === message) continue;
    for (const part of message.split(/\$\w+\$/)) {
      const fixed = part.trim();
      if (fixed.length >= MIN_LENGTH) parts.add(fixed);
    }
  }
  return [...parts];
})();

/** English messages (their fixed parts) shown on `page`, in its text or its accessible labels. */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() =>
    [
      document.body.innerText,
      document.title,
      ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
        ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ].join('\n'),
  );
  return englishParts.filter((part) => shown.includes(part));
}

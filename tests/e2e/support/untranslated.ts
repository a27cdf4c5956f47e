// English sentences left on a German page: the fixed parts of the English messages (placeholders left
// out) that their German does not keep, found in the page's text; only parts long enough not to be a
// word both languages share.
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
    const translated = german[key]?.message ?? '';
    for (const part of message.split(/\$\w+\$/)) {
      const fixed = part.trim();
      // A part the German keeps too (the product's name) is no sign of English.
      if (fixed.length >= MIN_LENGTH && !translated.includes(fixed)) parts.add(fixed);
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

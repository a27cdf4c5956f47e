// Every language has every key the code uses, and no other; placeholders match across languages; `t`
// fills them. A key added in code but not in a language, or left behind in a file, fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureKey, problemKey, TESTS } from '@/lib/api/report-checks';
import { t } from '@/lib/i18n';
import { formatMessage, localeLanguages, readLocale, useTestLanguage } from '../fake-i18n';

const SOURCE_ROOTS = ['entrypoints', 'components', 'lib'];
const SOURCE_FILES = ['wxt.config.ts'];
// Keys whose German text is rightly the same as the English one: a name, or a word German uses as it is.
const SAME_IN_GERMAN = new Set([
  'extName',
  'extActionTitle',
  'popupDetails',
  'reportsDetailsButton',
  'siteSpreadCount',
  'csvColumnTest',
  'bulkScoreMove',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of [...SOURCE_ROOTS.flatMap(sourceFiles), ...SOURCE_FILES]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([A-Za-z0-9_@]+)'/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/__MSG_([A-Za-z0-9_@]+)__/g)) keys.add(match[1]!);
  }
  // The tests' sentences are named by each test's row in one table.
  for (const [test, [, , names]] of Object.entries(TESTS)) {
    keys.add(problemKey(test));
    for (const error of names.split(' ')) keys.add(failureKey(test, error));
  }
  return keys;
}

const placeholderNames = (message: string) =>
  [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();

describe('translations', () => {
  const english = readLocale('en');
  const used = usedKeys();

  it('ships English and German', () => {
    expect(localeLanguages()).toEqual(['de', 'en']);
  });

  it('has an English message for every key the code uses', () => {
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });

  it('uses every English message', () => {
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
  });

  for (const language of localeLanguages()) {
    describe(language, () => {
      const messages = readLocale(language);

      it('has exactly the English keys', () => {
        expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      });

      it('defines every placeholder a message names, as English does', () => {
        for (const [key, entry] of Object.entries(messages)) {
          const named = placeholderNames(entry.message);
          const defined = Object.keys(english[key]?.placeholders ?? {})
            .map((name) => name.toLowerCase())
            .sort();
          expect({ key, named: [...new Set(named)] }).toEqual({ key, named: defined });
          expect(entry.message.trim(), key).not.toBe('');
        }
      });

      if (language !== 'en') {
        it('is translated, not copied from English', () => {
          const copied = Object.keys(messages).filter(
            (key) => !SAME_IN_GERMAN.has(key) && messages[key]!.message === english[key]?.message,
          );
          expect(copied).toEqual([]);
        });
      }
    });
  }
});

describe('t', () => {
  it('fills placeholders in order', () => {
    const entry = {
      message: 'Deleted $COUNT$ of $TOTAL$ — $$5',
      placeholders: { count: { content: '$1' }, total: { content: '$2' } },
    };
    expect(formatMessage(entry, ['3', '7'])).toBe('Deleted 3 of 7 — $5');
  });

  it('answers in the browser’s language', () => {
    expect(t('extName')).toBe('Page Reports');
    useTestLanguage('de');
    expect(t('extDescription')).toMatch(/^Erstellen Sie/);
  });
});

// Every storage key is written once (lib/storage-keys.ts), and every item a connection owns is put aside on
// a switch (entrypoints/background/connection-stash.ts): a new item fails here until it is one of them or
// named below as everyone's, with the reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONNECTION_ITEMS } from '@/entrypoints/background/connection-stash';
import * as keys from '@/lib/storage-keys';

/** Items that stay when another connection becomes active. */
const EVERYONES: Record<'local' | 'session', Record<string, string>> = {
  session: {
    [keys.SERVICE_WAIT_KEY]: 'the wait ends on its own; a switch does not make the service answer sooner',
    [keys.SCORE_INDEX_KEY]: 'rebuilt for the new connection on every switch',
  },
  local: {
    [keys.CONNECTION_KEY]: 'the connections themselves',
    [keys.LEGACY_BASE_URL_KEY]: 'read once to carry old settings over',
    [keys.LEGACY_API_KEY_KEY]: 'read once to carry old settings over',
    [keys.LEGACY_FOLLOWED_KEY]: 'removed at start-up',
    [keys.TOOLBAR_SCORE_KEY]: "the person's setting, whichever connection",
    [keys.LAST_PRIVACY_KEY]: "the person's choice, whichever connection",
    [keys.INTEGRATION_PREFS_KEY]: "the person's setting, whichever connection",
    [keys.REPORT_LIST_PREFS_KEY]: "the person's page size and sort",
    [keys.PROJECT_LIST_PREFS_KEY]: "the person's page size and sort",
  },
};

const ROOT = join(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ['entrypoints', 'lib', 'components'].flatMap((dir) => sources(join(ROOT, dir)));
const constants = keys as Record<string, string>;

/** Each `storage.defineItem(...)` and `storage.removeItem(...)` key of the source, as written. */
function itemKeys(): { file: string; written: string }[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found: { file: string; written: string }[] = [];
    for (const match of text.matchAll(/defineItem(?:<[^(]*>)?\(\s*([^,)]+)/g)) {
      found.push({ file, written: match[1]!.trim() });
    }
    for (const match of text.matchAll(/const LEGACY_ITEM = ([^;]+?)(?: as const)?;/g)) {
      found.push({ file, written: match[1]!.trim() });
    }
    return found;
  });
}

/** `session:${POPUP_CACHE_KEY}` → session, popupCache; anything else (a literal) → null. */
function resolved(written: string): { area: 'local' | 'session'; key: string } | null {
  const match = /^`(local|session):\$\{([A-Z_]+)\}`$/.exec(written);
  const key = match && constants[match[2]!];
  return match && key ? { area: match[1] as 'local' | 'session', key } : null;
}

describe('storage keys', () => {
  const found = itemKeys();

  it('finds the items (the scan itself works)', () => {
    expect(found.length).toBeGreaterThanOrEqual(14);
  });

  it('every item names its key by a constant of lib/storage-keys.ts', () => {
    const literal = found.filter(({ written }) => !resolved(written));
    expect(literal.map(({ file, written }) => `${file.slice(ROOT.length)}: ${written}`)).toEqual([]);
  });

  it('no two constants are the same key', () => {
    const values = Object.values(constants);
    expect(new Set(values).size).toBe(values.length);
  });

  it('every item is either put aside on a switch or named as everyone’s', () => {
    const unplaced = found
      .map(({ written }) => resolved(written))
      .filter((item) => item !== null)
      .filter(
        ({ area, key }) =>
          !(CONNECTION_ITEMS[area] as readonly string[]).includes(key) && !(key in EVERYONES[area]),
      );
    expect(unplaced).toEqual([]);
  });

  it('every item the stash puts aside is defined in that area, and none is also everyone’s', () => {
    const defined = found.map(({ written }) => resolved(written));
    for (const area of ['session', 'local'] as const) {
      for (const key of CONNECTION_ITEMS[area]) {
        expect(defined).toContainEqual({ area, key });
        expect(EVERYONES[area]).not.toHaveProperty(key);
      }
    }
  });

  it('raw reads and writes of storage name no key as a literal', () => {
    const raw = files.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /storage\.(?:local|session)\.(?:get|remove)\(\s*['"`][^)]*\)/g,
        ),
      ].map((match) => `${file.slice(ROOT.length)}: ${match[0]}`),
    );
    expect(raw).toEqual([]);
  });
});

// Every storage key is written once (lib/storage-keys.ts). An item is either one connection's (defined
// through spaceItem, under that connection's id) or named below as everyone's, with the reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as keys from '@/lib/storage-keys';

/** Items that are no connection's. */
const EVERYONES: Record<'local' | 'session', Record<string, string>> = {
  session: {
    [keys.ACTIVE_CONNECTION_KEY]: 'which connection is active: whose items pages read',
    [keys.ACTIVE_ACCOUNT_KEY]: 'the account the active connection was saved with: the handle pages send',
  },
  local: {
    [keys.CONNECTION_KEY]: 'the connections themselves',
    [keys.CONNECTION_KEYS_KEY]: "the connections' keys, by account",
    [keys.TOOLBAR_SCORE_KEY]: "the person's setting, whichever connection",
    [keys.HISTORY_ON_KEY]: "the person's setting, whichever connection",
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
function itemKeys(): { file: string; written: string; connection?: boolean }[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found: { file: string; written: string; connection?: boolean }[] = [];
    for (const match of text.matchAll(/defineItem(?:<[^(]*>)?\(\s*([^,)]+)/g)) {
      // The one generic definition: every connection's items (checked below, at each spaceItem call).
      if (!match[1]!.includes('spaceKey(')) found.push({ file, written: match[1]!.trim() });
    }
    for (const match of text.matchAll(
      /spaceItem(?:<[^(]*>)?\(\s*'(local|session)',\s*[\w.]+,\s*([A-Z_]+)/g,
    )) {
      found.push({ file, written: `\`${match[1]}:\${${match[2]}}\``, connection: true });
    }
    return found;
  });
}

/** `session:${SERVICE_WAIT_KEY}` → session, serviceWait; anything else (a literal) → null. */
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

  it('every item is either one connection’s or named as everyone’s, never both', () => {
    const misplaced = found
      .filter((item) => resolved(item.written))
      .filter(({ written, connection }) => {
        const { area, key } = resolved(written)!;
        return key in EVERYONES[area] === Boolean(connection);
      });
    expect(misplaced.map(({ written }) => written)).toEqual([]);
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

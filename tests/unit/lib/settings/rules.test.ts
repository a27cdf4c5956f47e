import { describe, expect, it } from 'vitest';
import { keyNeededForNewServer } from '@/lib/settings/rules';

// One rule, asked by the background on every save (which enforces it) and by the Settings page first.
describe('keyNeededForNewServer', () => {
  const saved = { baseUrl: 'https://r.example/app', keySet: true };

  it.each([
    ['the same server, no key typed', saved, 'https://r.example', undefined, false],
    ['another server, no key typed', saved, 'https://r-example.test', undefined, true],
    ['another port is another server', saved, 'https://r.example:8443', undefined, true],
    ['another server, a key typed', saved, 'https://r-example.test', 'key-1234', false],
    [
      'no key saved (another rule asks for one)',
      { baseUrl: saved.baseUrl, keySet: false },
      'https://x.test',
      undefined,
      false,
    ],
    ['a key saved with no address', { baseUrl: '', keySet: true }, 'https://r.example', undefined, true],
  ] as const)('%s', (_, before, origin, key, expected) => {
    expect(keyNeededForNewServer(before, origin, key)).toBe(expected);
  });
});

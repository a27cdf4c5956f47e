// Properties of the base URL rules (lib/base-url.ts) and of URL building (entrypoints/background/service/http.ts): whatever is
// typed, checkBaseUrl answers (never throws), accepts exactly what the HTTP client will send to, and a
// request URL never leaves the configured origin nor `${base}/api/v1/`, whatever the path or query.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUrl } from '@/entrypoints/background/service/http';
import { checkBaseUrl, isAllowedBaseUrl } from '@/lib/base-url';
import { RUNS, anyText, typedBaseUrl } from './arbitraries';

function parses(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A base URL as Settings saves it. */
const savedBaseUrl = typedBaseUrl
  .map((typed) => checkBaseUrl(typed))
  .filter((checked): checked is Extract<typeof checked, { ok: true }> => checked.ok)
  .map((checked) => checked.baseUrl);

// Pieces of a path meant to escape: dot-segments in every spelling, slashes and backslashes, another
// authority, schemes, controls, query and fragment markers.
const hostilePiece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '..',
  '.',
  '%2e',
  '%2E%2e',
  '%2f',
  '%5c',
  '@',
  'evil.example',
  ':',
  '?',
  '#',
  'http:',
  'https://evil.example/',
  '//evil.example',
  '%00',
  '\t',
  '\n',
  ' ',
  'reports',
  '42',
  'ü',
  '%',
);
const hostilePath = fc.oneof(
  fc.array(hostilePiece, { maxLength: 8 }).map((parts) => parts.join('')),
  anyText,
);
const anyQuery = fc
  .array(fc.tuple(anyText, anyText), { maxLength: 4 })
  .map((pairs) => new URLSearchParams(pairs));

describe('checkBaseUrl, for anything typed', () => {
  it('answers with a base URL or a sentence, and never throws', () => {
    fc.assert(
      fc.property(typedBaseUrl, (typed) => {
        const checked = checkBaseUrl(typed);
        if (checked.ok) expect(checked.baseUrl.startsWith(checked.origin)).toBe(true);
        else expect(checked.message).toMatch(/\S.*\.$/);
      }),
      RUNS,
    );
  });

  it('accepts exactly what the HTTP client would send to', () => {
    fc.assert(
      fc.property(typedBaseUrl, (typed) => {
        const url = parses(typed.trim());
        expect(checkBaseUrl(typed).ok).toBe(url !== null && isAllowedBaseUrl(url));
      }),
      RUNS,
    );
  });

  it('saves https (or http on this computer only), without credentials, query, fragment or trailing /api/v1', () => {
    fc.assert(
      fc.property(typedBaseUrl, (typed) => {
        const checked = checkBaseUrl(typed);
        if (!checked.ok) return;
        const saved = new URL(checked.baseUrl);
        expect(isAllowedBaseUrl(saved)).toBe(true);
        expect(saved.origin).toBe(checked.origin);
        expect(checked.origin).toBe(new URL(typed.trim()).origin);
        if (saved.protocol === 'http:') expect(['localhost', '127.0.0.1', '[::1]']).toContain(saved.hostname);
        expect(saved.username + saved.password + saved.search + saved.hash).toBe('');
        expect(checked.baseUrl).not.toMatch(/\/$/);
        expect(checked.baseUrl).not.toMatch(/\/api\/v1$/i);
      }),
      RUNS,
    );
  });

  it('gives the same answer for what it saved (saving twice changes nothing)', () => {
    fc.assert(
      fc.property(typedBaseUrl, (typed) => {
        const checked = checkBaseUrl(typed);
        if (checked.ok) expect(checkBaseUrl(checked.baseUrl)).toEqual(checked);
      }),
      RUNS,
    );
  });

  it('refuses http:// on any host but this computer', () => {
    const remote = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}\.(?:com|example|io|local|internal)$/);
    fc.assert(
      fc.property(remote, fc.option(fc.integer({ min: 1, max: 65535 })), (host, port) => {
        const checked = checkBaseUrl(`http://${host}${port === null ? '' : `:${port}`}`);
        expect(checked.ok).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('buildUrl, for any path and query', () => {
  it('stays at the configured origin and under `${base}/api/v1/`, or gives nothing', () => {
    fc.assert(
      fc.property(savedBaseUrl, hostilePath, anyQuery, (baseUrl, path, query) => {
        const built = buildUrl(baseUrl, path, query);
        if (built === null) return;
        const url = new URL(built);
        expect(url.origin).toBe(new URL(baseUrl).origin);
        expect(built.startsWith(`${baseUrl}/api/v1/`)).toBe(true);
        expect(url.username + url.password).toBe('');
      }),
      RUNS,
    );
  });

  it('sends the query exactly as given', () => {
    fc.assert(
      fc.property(savedBaseUrl, anyQuery, (baseUrl, query) => {
        const built = buildUrl(baseUrl, '/reports', query);
        expect(built).not.toBeNull();
        const url = new URL(built!);
        expect(url.pathname.endsWith('/api/v1/reports')).toBe(true);
        expect([...url.searchParams]).toEqual([...query]);
      }),
      RUNS,
    );
  });

  it('refuses a base URL the rules refuse, whatever the path', () => {
    const refused = typedBaseUrl.filter((typed) => !checkBaseUrl(typed).ok);
    fc.assert(
      fc.property(refused, hostilePath, (typed, path) => {
        // Trimmed as Settings would: what is left still breaks a rule, so nothing may be built.
        expect(buildUrl(typed.trim(), path)).toBeNull();
      }),
      RUNS,
    );
  });
});

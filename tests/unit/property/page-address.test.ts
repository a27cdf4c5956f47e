// Properties of the clean-up that matches a report to this page (entrypoints/background/page-address.ts): it never throws,
// a page matches the address the service stores for it, and the scheme, a leading `www.`, the `/` of a
// root address and the fragment never matter, while another path or host always does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSamePage, serviceAddress } from '@/lib/page-address';
import { cleanUrl } from '@/reference-api/phprank/address';
import { RUNS, anyText, tabAddress, webAddress, webAddressParts, type WebAddressParts } from './arbitraries';

const withoutFragment = (address: string) => address.replace(/#.*$/s, '');

describe('serviceAddress and isSamePage', () => {
  it('never throw, whatever the text', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.option(anyText), (page, stored, reached) => {
        const cleaned = serviceAddress(page);
        expect(cleaned === null || typeof cleaned === 'string').toBe(true);
        expect(typeof isSamePage(page, stored, reached)).toBe('boolean');
      }),
      RUNS,
    );
  });

  it('give every web page a cleaned address, and a page is the same page as itself', () => {
    fc.assert(
      fc.property(tabAddress, (page) => {
        expect(serviceAddress(page)).toEqual(expect.any(String));
        expect(isSamePage(page, page)).toBe(true);
      }),
      RUNS,
    );
  });

  it('match a page to the address phpRank stores for it, and to the full address it reached', () => {
    fc.assert(
      fc.property(tabAddress, (page) => {
        // What the service receives has no fragment; it stores it cleaned (reference-api's cleanUrl).
        const sent = withoutFragment(page);
        expect(isSamePage(page, cleanUrl(sent))).toBe(true);
        expect(isSamePage(page, 'unrelated.example/x', sent)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('what never matters, and what always does', () => {
  /** The same page written another way: scheme, `www.`, root slash and fragment changed at will. */
  const sameAddress = fc
    .tuple(
      webAddressParts,
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom('', '#', '#top', '#a/b?c'),
    )
    .map(([parts, flipScheme, flipWww, flipRootSlash, fragment]) => {
      const other: WebAddressParts = {
        ...parts,
        scheme: flipScheme ? (parts.scheme === 'http' ? 'https' : 'http') : parts.scheme,
        www: flipWww ? !parts.www : parts.www,
        path:
          flipRootSlash && (parts.path === '' || parts.path === '/')
            ? parts.path === ''
              ? '/'
              : ''
            : parts.path,
        fragment,
      };
      return [webAddress(parts), webAddress(other)] as const;
    });

  it('the scheme, a leading www., the root slash and the fragment never matter', () => {
    fc.assert(
      fc.property(sameAddress, ([page, other]) => {
        expect(isSamePage(page, other)).toBe(true);
        expect(isSamePage(other, page)).toBe(true);
      }),
      RUNS,
    );
  });

  it('another path, query or host always does', () => {
    const change = fc.constantFrom(
      (parts: WebAddressParts) => ({ ...parts, path: `${parts.path.replace(/\/$/, '')}/other-page` }),
      (parts: WebAddressParts) => ({ ...parts, query: `${parts.query || '?'}&extra=1` }),
      (parts: WebAddressParts) => ({
        ...parts,
        host: /^[\d.]+$|^\[/.test(parts.host) ? 'other.example' : `other.${parts.host}`,
      }),
    );
    fc.assert(
      fc.property(webAddressParts, change, (parts, changed) => {
        expect(isSamePage(webAddress(parts), webAddress(changed(parts)))).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('cleaning is stable and matches what phpRank stores', () => {
  it('is idempotent, so a page always matches its own cleaned address', () => {
    fc.assert(
      fc.property(tabAddress, (page) => {
        const cleaned = serviceAddress(page)!;
        expect(serviceAddress(cleaned)).toBe(cleaned);
        expect(isSamePage(page, cleaned)).toBe(true);
      }),
      RUNS,
    );
  });

  it.each([
    ['https://www.www.example.com/', 'www.example.com'],
    ['https://example.com:80/', 'example.com:80'],
  ])('matches %s to what phpRank stores for it (%s)', (page, stored) => {
    expect(cleanUrl(page)).toBe(stored);
    expect(isSamePage(page, stored)).toBe(true);
  });
});

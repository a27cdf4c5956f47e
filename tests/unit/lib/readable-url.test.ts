import { describe, expect, it } from 'vitest';
import { readableUrl } from '@/lib/readable-url';

describe('readableUrl', () => {
  it.each([
    ['https://example.org/caf%C3%A9', 'https://example.org/café'],
    ['example.org/caf%c3%a9', 'example.org/café'],
    // Non-Latin scripts, in the path, the query and the fragment.
    ['https://ru.example/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82', 'https://ru.example/привет'],
    [
      'https://jp.example/%E6%97%A5%E6%9C%AC%E8%AA%9E?q=%E6%9D%B1%E4%BA%AC',
      'https://jp.example/日本語?q=東京',
    ],
    ['https://ar.example/%D8%B3%D9%84%D8%A7%D9%85#%D9%85', 'https://ar.example/سلام#م'],
    ['https://gr.example/%CE%BA%CE%B1%CE%BB%CE%B7', 'https://gr.example/καλη'],
    ['https://emoji.example/%F0%9F%98%80', 'https://emoji.example/😀'],
  ])('decodes %s to %s', (raw, shown) => {
    expect(readableUrl(raw)).toBe(shown);
  });

  it.each([
    // An escaped slash is not a path separator, a space stays visible, a percent stays a percent.
    ['https://example.org/a%2Fb', 'https://example.org/a%2Fb'],
    ['https://example.org/a%2fb', 'https://example.org/a%2fb'],
    ['https://example.org/two%20words', 'https://example.org/two%20words'],
    ['https://example.org/100%25', 'https://example.org/100%25'],
    ['https://example.org/?q=a%26b%3Dc%23d', 'https://example.org/?q=a%26b%3Dc%23d'],
    ['https://example.org/%41', 'https://example.org/%41'],
  ])('keeps ASCII escapes: %s', (raw, shown) => {
    expect(readableUrl(raw)).toBe(shown);
  });

  it.each([
    ['a lone lead byte', 'https://example.org/%C3', 'https://example.org/%C3'],
    ['a lone continuation byte', 'https://example.org/%A9x', 'https://example.org/%A9x'],
    ['a lead byte before ASCII', 'https://example.org/%C3%41', 'https://example.org/%C3%41'],
    ['an overlong slash', 'https://example.org/%C0%AF', 'https://example.org/%C0%AF'],
    ['an encoded surrogate', 'https://example.org/%ED%A0%80', 'https://example.org/%ED%A0%80'],
    ['a byte out of range', 'https://example.org/%FF%FE', 'https://example.org/%FF%FE'],
    ['a cut sequence, then a good one', 'https://example.org/%E6%97%C3%A9', 'https://example.org/%E6%97é'],
    ['a good one, then a cut one', 'https://example.org/%C3%A9%E6%97', 'https://example.org/é%E6%97'],
    ['a broken escape', 'https://example.org/%G1%C3%A9%', 'https://example.org/%G1é%'],
  ])('leaves invalid sequences as they are: %s', (_name, raw, shown) => {
    expect(readableUrl(raw)).toBe(shown);
  });

  it('never shows an xn-- host in Unicode, and never decodes the host part', () => {
    expect(readableUrl('https://xn--80ak6aa92e.com/caf%C3%A9')).toBe('https://xn--80ak6aa92e.com/café');
    expect(readableUrl('xn--pple-43d.com/')).toBe('xn--pple-43d.com/');
    expect(readableUrl('https://user:p%C3%A4ss@example.org:8080/')).toBe(
      'https://user:p%C3%A4ss@example.org:8080/',
    );
  });

  it.each([
    ['RLO (right-to-left override)', '%E2%80%AE'],
    ['LRE', '%E2%80%AA'],
    ['RLI (isolate)', '%E2%81%A7'],
    ['PDI', '%E2%81%A9'],
    ['RLM', '%E2%80%8F'],
    ['Arabic letter mark', '%D8%9C'],
    ['zero-width space', '%E2%80%8B'],
    ['zero-width joiner', '%E2%80%8D'],
    ['BOM', '%EF%BB%BF'],
    ['no-break space', '%C2%A0'],
    ['line separator', '%E2%80%A8'],
    ['a C1 control', '%C2%85'],
    ['soft hyphen', '%C2%AD'],
    ['division slash (looks like /)', '%E2%88%95'],
    ['fullwidth solidus', '%EF%BC%8F'],
    ['fullwidth question mark', '%EF%BC%9F'],
    ['a tag character', '%F3%A0%80%81'],
  ])('keeps %s escaped', (_name, escape) => {
    expect(readableUrl(`https://example.org/a${escape}b`)).toBe(`https://example.org/a${escape}b`);
  });

  it('escapes bidi controls and invisible characters that arrive raw, host included', () => {
    expect(readableUrl('https://example.org/\u202Egnp.exe')).toBe('https://example.org/%E2%80%AEgnp.exe');
    expect(readableUrl('example.org/a\u2066b\u2069')).toBe('example.org/a%E2%81%A6b%E2%81%A9');
    expect(readableUrl('https://exa\u200Bmple.org/')).toBe('https://exa%E2%80%8Bmple.org/');
    expect(readableUrl('https://example.org/a\nb')).toBe('https://example.org/a%0Ab');
    // Raw text that is safe stays as it came.
    expect(readableUrl('example.org/café')).toBe('example.org/café');
  });

  it('decodes the characters around an unsafe one', () => {
    expect(readableUrl('https://example.org/%C3%A9%E2%80%AE%C3%A9')).toBe('https://example.org/é%E2%80%AEé');
  });

  it('leaves what is not an address alone', () => {
    expect(readableUrl('')).toBe('');
    expect(readableUrl('example')).toBe('example');
    expect(readableUrl('not a url')).toBe('not a url');
    expect(readableUrl('https://example.org/a\u00A0b')).toBe('https://example.org/a%C2%A0b');
  });
});

import { describe, expect, it } from 'vitest';
import { isSamePage, pageAddress, serviceAddress, serviceHost } from '@/lib/page-address';

describe('serviceAddress: the address cleaned as phpRank stores it', () => {
  it.each([
    ['https://www.example.com/', 'example.com'],
    ['http://example.com', 'example.com'],
    ['https://WWW.Example.COM/Pricing', 'example.com/Pricing'],
    ['https://www.example.com/pricing?x=1#top', 'example.com/pricing?x=1'],
    ['https://example.com/?ref=a', 'example.com/?ref=a'],
    ['https://example.com:8443/a/', 'example.com:8443/a/'],
    ['http://localhost:3000/', 'localhost:3000'],
    ['example.com/pricing', 'example.com/pricing'],
    ['www.example.com', 'example.com'],
    ['https://cafe.example.jp/%E3%83%A1', 'cafe.example.jp/メ'],
    ['https://wwwx.example/', 'wwwx.example'],
  ])('%s -> %s', (address, cleaned) => {
    expect(serviceAddress(address)).toBe(cleaned);
  });

  it.each(['', 'javascript:alert(1)', 'ftp://example.com/x', 'file:///etc/passwd', 'https://', 'not a url'])(
    'is null for %j',
    (address) => {
      expect(serviceAddress(address)).toBeNull();
    },
  );
});

describe('isSamePage', () => {
  it('recognises phpRank’s stored address for the page, with or without www and root slash', () => {
    expect(isSamePage('https://www.example.com/', 'example.com')).toBe(true);
    expect(isSamePage('https://example.com/pricing', 'example.com/pricing')).toBe(true);
    expect(isSamePage('https://example.com/pricing#plans', 'https://www.example.com/pricing')).toBe(true);
  });

  it('keeps other pages apart: another path, query or host', () => {
    expect(isSamePage('https://example.com/pricing', 'example.com/pricing/team')).toBe(false);
    expect(isSamePage('https://example.com/pricing', 'example.com/pricing?x=1')).toBe(false);
    expect(isSamePage('https://example.com/', 'shop.example.com')).toBe(false);
  });

  it('also matches the address the service reached, when given', () => {
    expect(isSamePage('http://example.com/en/', 'example.com/en/start', 'https://example.com/en/')).toBe(
      true,
    );
  });
});

describe('pageAddress: a full http(s) address for links', () => {
  it('prefers the reached address, else puts https:// in front of a stored one without scheme', () => {
    expect(pageAddress('example.com/pricing', 'https://www.example.com/pricing')).toBe(
      'https://www.example.com/pricing',
    );
    expect(pageAddress('example.com/pricing', null)).toBe('https://example.com/pricing');
    expect(pageAddress('http://intranet.example/a', null)).toBe('http://intranet.example/a');
    expect(pageAddress('localhost:3000/x', null)).toBe('https://localhost:3000/x');
  });

  it('never makes a link of another scheme', () => {
    expect(pageAddress('javascript:alert(1)', null)).toBeNull();
    expect(pageAddress('data:text/html,hi', null)).toBeNull();
    expect(pageAddress('', null)).toBeNull();
  });
});

describe('serviceHost: the site as the service names its projects', () => {
  it.each([
    ['https://www.example.com/a', 'example.com'],
    ['example.com/pricing', 'example.com'],
    ['www.shop.example', 'shop.example'],
    ['javascript:alert(1)', null],
  ])('%s -> %s', (address, host) => {
    expect(serviceHost(address)).toBe(host);
  });
});

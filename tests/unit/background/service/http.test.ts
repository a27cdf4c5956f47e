// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { backoffMs, buildUrl, parseRetryAfter } from '@/entrypoints/background/service/http';

describe('buildUrl', () => {
  it('puts the path under /api/v1 of the base URL, keeping a path prefix', () => {
    expect(buildUrl('https://host.example/sub', '/reports')).toBe('https://host.example/sub/api/v1/reports');
    expect(buildUrl('https://host.example', '/projects/a%2Fb')).toBe(
      'https://host.example/api/v1/projects/a%2Fb',
    );
    expect(buildUrl('https://host.example/', '/reports')).toBe('https://host.example/api/v1/reports');
  });

  it('adds the query string', () => {
    const query = new URLSearchParams({ search: 'a b&c', per_page: '25' });
    expect(buildUrl('https://host.example', '/reports', query)).toBe(
      'https://host.example/api/v1/reports?search=a+b%26c&per_page=25',
    );
    expect(buildUrl('https://host.example', '/reports', new URLSearchParams())).toBe(
      'https://host.example/api/v1/reports',
    );
  });

  it('allows plain http only for this computer', () => {
    expect(buildUrl('http://localhost:8787', '/reports')).toBe('http://localhost:8787/api/v1/reports');
    expect(buildUrl('http://127.0.0.1:8787', '/reports')).toBe('http://127.0.0.1:8787/api/v1/reports');
    expect(buildUrl('http://[::1]:8787', '/reports')).toBe('http://[::1]:8787/api/v1/reports');
    expect(buildUrl('http://host.example', '/reports')).toBeNull();
  });

  it('refuses base URLs that are not plain web addresses', () => {
    expect(buildUrl('not a url', '/reports')).toBeNull();
    expect(buildUrl('ftp://host.example', '/reports')).toBeNull();
    expect(buildUrl('https://user:pw@host.example', '/reports')).toBeNull();
    expect(buildUrl('https://host.example?x=1', '/reports')).toBeNull();
    expect(buildUrl('https://host.example#x', '/reports')).toBeNull();
  });

  it('refuses a path that would climb out of /api/v1 or leave the origin', () => {
    expect(buildUrl('https://host.example', '/../../admin')).toBeNull();
    expect(buildUrl('https://host.example', '/projects/%2E%2E/%2E%2E/x')).toBeNull();
    expect(buildUrl('https://host.example', '@evil.example/reports')).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 01 Mar 2025 10:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Sat, 01 Mar 2025 10:00:04 GMT', now + 500)).toBe(4);
    expect(parseRetryAfter('Sat, 01 Mar 2025 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('waits a random share of 300 ms doubled per attempt, capped at 5 s', () => {
    expect(backoffMs(1, () => 0.5)).toBe(150);
    expect(backoffMs(2, () => 0.5)).toBe(300);
    expect(backoffMs(3, () => 0.999)).toBe(1198);
    expect(backoffMs(1, () => 0)).toBe(0);
    expect(backoffMs(10, () => 0.5)).toBe(2500);
  });
});

describe('apiError', () => {
  it('keeps the default message when extras are undefined', () => {
    expect(apiError('not_found', { message: undefined, status: 404 })).toEqual({
      kind: 'not_found',
      message: 'That item no longer exists on the service.',
      status: 404,
    });
  });
});

describe('parseRetryAfter bounds', () => {
  it('caps an absurd wait at one day', () => {
    expect(parseRetryAfter('99999999999999999999')).toBe(86_400);
    expect(parseRetryAfter('Wed, 21 Oct 2999 07:28:00 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(86_400);
    expect(parseRetryAfter('120')).toBe(120);
  });
});

// Each connection's caches (issue 11): a switch puts the old one's aside and brings the new one's back, so
// nothing of A shows under B, and going back to A shows A's cached data at once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dropConnectionData, switchConnectionData } from '@/entrypoints/background/connection-stash';
import {
  declaredIn,
  NONE_DECLARED,
  releaseUnusedOrigin,
} from '@/entrypoints/background/settings/old-origin-permission';

const A_DATA = {
  popupCache: { of: 'a' },
  popupCache$: { v: 1 },
  followedReports: [{ id: 1 }],
  createRuns: { x: 1 },
  bulkJob: { id: 'job-a' },
  bulkJobPassword: 'pw-a',
  'optionsList:index': ['q'],
  'optionsList:q:q': { page: 'a' },
};

beforeEach(() => fakeBrowser.reset());

describe('switching connections', () => {
  it('puts A aside, shows nothing of A under B, and brings A back on the way back', async () => {
    const { session, local } = fakeBrowser.storage;
    await session.set({ ...A_DATA, serviceWait: { until: 1 } });
    await local.set({ pageAliases: { a: 'b' }, connection: { keep: true }, toolbarScore: true });

    await switchConnectionData('a', 'b');
    // Only what is not one connection's stays, and whose the options page's kept lists are now.
    const underB = await session.get(null);
    expect(Object.keys(underB).sort()).toEqual(['activeConnection', 'connectionStash:a', 'serviceWait']);
    expect(underB.activeConnection).toBe('b');
    expect(await local.get(null)).toEqual({
      connection: { keep: true },
      toolbarScore: true,
      'connectionStash:a': { pageAliases: { a: 'b' } },
    });

    await session.set({ popupCache: { of: 'b' } });
    await switchConnectionData('b', 'a');
    expect(await session.get(null)).toEqual({
      ...A_DATA,
      serviceWait: { until: 1 },
      activeConnection: 'a',
      'connectionStash:b': { popupCache: { of: 'b' } },
    });
    expect((await local.get('pageAliases')).pageAliases).toEqual({ a: 'b' });
  });

  it('drops the caches of a connection that is gone, and what it had put aside', async () => {
    const { session } = fakeBrowser.storage;
    await session.set({ popupCache: { of: 'a' }, 'connectionStash:b': { popupCache: { of: 'b' } } });
    await switchConnectionData('', 'b');
    const underB = { popupCache: { of: 'b' }, activeConnection: 'b' };
    expect(await session.get(null)).toEqual(underB);
    await session.set({ 'connectionStash:c': { popupCache: 1 } });
    await dropConnectionData('c');
    expect(await session.get(null)).toEqual(underB);
  });
});

describe("a removed connection's permission", () => {
  function remover() {
    const removed: string[][] = [];
    return {
      removed,
      deps: {
        permissions: { remove: async ({ origins }: { origins: string[] }) => !!removed.push(origins) },
        isDeclared: NONE_DECLARED,
      },
    };
  }

  it('is given back when no saved connection uses its origin', async () => {
    const { removed, deps } = remover();
    expect(await releaseUnusedOrigin('https://a.example/x', ['https://b.example'], deps)).toBe(true);
    expect(removed).toEqual([['https://a.example/*']]);
  });

  it('stays while another connection uses the same origin', async () => {
    const { removed, deps } = remover();
    expect(await releaseUnusedOrigin('https://a.example/x', ['https://a.example/y'], deps)).toBe(false);
    expect(removed).toEqual([]);
  });

  it('stays when the manifest declares it', async () => {
    const { removed, deps } = remover();
    const declared = { ...deps, isDeclared: declaredIn({ host_permissions: ['http://127.0.0.1/*'] }) };
    expect(await releaseUnusedOrigin('http://127.0.0.1:8787', [], declared)).toBe(false);
    expect(removed).toEqual([]);
  });
});

describe('after a change of the active connection', () => {
  it('resumes what the new one had pending, only once the change succeeded', async () => {
    const { afterConnectionSwitch } = await import('@/entrypoints/background/popup-support');
    const { apiError } = await import('@/entrypoints/background/error-messages');
    const then = vi.fn(async () => {});
    const answers = {
      'connections.add': async () => ({ ok: true, data: {} }),
      'connections.remove': async () => ({ ok: false, error: apiError('invalid_input') }),
      'connections.switch': async () => ({ ok: true, data: {} }),
    } as never;
    const wrapped = afterConnectionSwitch(answers, then);
    await wrapped['connections.switch']({ id: 'b' });
    expect(then).toHaveBeenCalledTimes(1);
    await wrapped['connections.remove']({ id: 'zz' });
    expect(then).toHaveBeenCalledTimes(1);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { siteViewFrom, watchSite, type SiteView } from '@/lib/site';
import { summary } from '../options/projects/site-fixtures';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the stored site view', () => {
  it('is taken when it has the shape pages rely on', () => {
    const reading: SiteView = { summary: null, read: { phase: 'reading', read: 100, total: null } };
    const done: SiteView = { summary: summary(), read: { phase: 'done' } };
    expect(siteViewFrom(reading)).toEqual(reading);
    expect(siteViewFrom(done)).toEqual(done);
  });

  it('is no view when it does not', () => {
    expect(siteViewFrom(undefined)).toBeNull();
    expect(siteViewFrom('site')).toBeNull();
    expect(siteViewFrom({ summary: null, read: { phase: 'sleeping' } })).toBeNull();
    expect(siteViewFrom({ summary: null })).toBeNull();
    expect(siteViewFrom({ summary: { pages: 3 }, read: { phase: 'done' } })).toBeNull();
    expect(siteViewFrom({ summary: [], read: { phase: 'done' } })).toBeNull();
    const badTest = { ...summary(), tests: [{ key: 'title', name: 'Title missing' }] };
    expect(siteViewFrom({ summary: badTest, read: { phase: 'done' } })).toBeNull();
  });

  it('is watched in the active connection’s space, and followed when another becomes active', async () => {
    await fakeBrowser.storage.session.set({
      activeConnection: 'a',
      'a:site:shop.example': { summary: null, read: { phase: 'done' } },
      'b:site:shop.example': { summary: null, read: { phase: 'stopped', read: 5, total: 9 } },
    });
    const seen: (string | undefined)[] = [];
    const stop = watchSite('shop.example', (view) => seen.push(view?.read.phase));
    await expect.poll(() => seen).toEqual(['done']);
    await fakeBrowser.storage.session.set({ activeConnection: 'b' });
    await expect.poll(() => seen).toEqual(['done', 'stopped']);
    await fakeBrowser.storage.session.set({
      'b:site:other.example': { summary: null, read: { phase: 'done' } },
    });
    await fakeBrowser.storage.session.set({ 'b:site:shop.example': 'garbage' });
    await expect.poll(() => seen).toEqual(['done', 'stopped', undefined]);
    stop();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPageAliases, pageAliasesItem } from '@/entrypoints/background/page-aliases';

describe('page aliases (where a create for a page was redirected to)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers the stored address of a redirected create, cleaned', async () => {
    const aliases = createPageAliases(pageAliasesItem('a'));
    await aliases.remember('http://shop.example/', 'shop.example/en');
    expect(await aliases.lookup('https://www.shop.example/#top')).toBe('shop.example/en');
    expect(await aliases.lookup('https://shop.example/other')).toBeNull();
  });

  it('keeps nothing when the service stored the page under its own address', async () => {
    const aliases = createPageAliases(pageAliasesItem('a'));
    await aliases.remember('https://www.example.com/', 'example.com');
    expect(await pageAliasesItem('a').getValue()).toEqual({});
  });

  it('keeps the newest 200', async () => {
    const aliases = createPageAliases(pageAliasesItem('a'));
    for (let i = 0; i < 205; i++) await aliases.remember(`https://a.example/${i}`, `b.example/${i}`);
    const stored = await pageAliasesItem('a').getValue();
    expect(Object.keys(stored)).toHaveLength(200);
    expect(await aliases.lookup('https://a.example/0')).toBeNull();
    expect(await aliases.lookup('https://a.example/204')).toBe('b.example/204');
  });

  it('ignores stored values that are not text', async () => {
    await fakeBrowser.storage.local.set({ 'a:pageAliases': { 'a.example': 5, 'c.example': 'd.example' } });
    const aliases = createPageAliases(pageAliasesItem('a'));
    expect(await aliases.lookup('https://a.example')).toBeNull();
    expect(await aliases.lookup('https://c.example')).toBe('d.example');
  });
});

// The line about this page's site under its report: what the background adds up for the report's project
// (storage.session, connection 'a' active, as the background leaves it), a link to the project's page.
import { act, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '@/lib/api/types';
import { siteViewName, type SiteSummary, type SiteTest, type SiteView } from '@/lib/site';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import { useTestLanguage } from '../fake-i18n';
import { makeReport, ok } from './fixtures';
import { OPTIONS_PAGE, openPopup, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const MINUTE = 60_000;

const metaDescription: SiteTest = {
  key: 'meta_description',
  name: 'Meta description missing',
  importance: 'high',
  category: 'seo',
  pages: 7,
};
const favicon: SiteTest = {
  key: 'favicon',
  name: 'No favicon',
  importance: 'medium',
  category: 'seo',
  pages: 3,
};

function summary(overrides: Partial<SiteSummary> = {}): SiteSummary {
  return {
    project: 'example.com',
    pages: 12,
    withoutResults: 0,
    averageScore: 71,
    averageResult: 'decent',
    spread: { good: 4, decent: 5, bad: 3 },
    tests: [metaDescription, favicon],
    total: 12,
    cut: false,
    readAt: Date.now() - MINUTE,
    ...overrides,
  };
}

const viewKey = (project: string, connection = 'a') => `${connection}:${siteViewName(project)}`;
const done = (value: SiteSummary | null): SiteView => ({ summary: value, read: { phase: 'done' } });

/** Opens the popup on this page's `report`, storage.session holding `items` (connection 'a' active). */
function openOn(report: Report, items: Record<string, unknown> = {}) {
  return openPopup(
    {
      'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }),
      'site.read': () => ok(null),
    },
    undefined,
    { [ACTIVE_CONNECTION_KEY]: 'a', ...items },
  );
}

const siteLink = () => screen.findByRole('link', { name: /^This site:/ });

describe('popup: the line about this page’s site', () => {
  it('says the pages and the most failed test, links to the project’s page, and asks nothing when fresh', async () => {
    openOn(makeReport(), { [viewKey('example.com')]: done(summary()) });
    const link = await siteLink();
    expect(link.textContent).toBe('This site: 12 pages · 7 with “Meta description missing”');
    expect(link.getAttribute('href')).toBe(`${OPTIONS_PAGE}#/projects/example.com`);
    // In a tab of its own: not inside the popup.
    expect(link.getAttribute('target')).toBe('_blank');
    // Under the report card, not in it.
    expect(screen.getByRole('article', { name: 'Report for this page' }).contains(link)).toBe(false);
    expect(sent('site.read')).toEqual([]);
  });

  it('without a summary: shows nothing, asks the background to read the project once, then shows what it wrote', async () => {
    openOn(makeReport());
    await waitFor(() => expect(sent('site.read')).toEqual([{ name: 'example.com' }]));
    expect(screen.queryByRole('link', { name: /^This site:/ })).toBeNull();

    // The read goes on: progress first, then the summary.
    await act(() =>
      fakeBrowser.storage.session.set({
        [viewKey('example.com')]: { summary: null, read: { phase: 'reading', read: 0, total: null } },
      }),
    );
    await act(() =>
      fakeBrowser.storage.session.set({ [viewKey('example.com')]: done(summary({ pages: 30 })) }),
    );
    expect((await siteLink()).textContent).toBe('This site: 30 pages · 7 with “Meta description missing”');
    expect(sent('site.read')).toHaveLength(1);
  });

  it('with a summary older than 10 minutes: shows it and asks for a new read once', async () => {
    openOn(makeReport(), { [viewKey('example.com')]: done(summary({ readAt: Date.now() - 11 * MINUTE })) });
    expect((await siteLink()).textContent).toContain('12 pages');
    expect(sent('site.read')).toEqual([{ name: 'example.com' }]);

    await act(() =>
      fakeBrowser.storage.session.set({ [viewKey('example.com')]: done(summary({ pages: 13 })) }),
    );
    await waitFor(async () => expect((await siteLink()).textContent).toContain('13 pages'));
    expect(sent('site.read')).toHaveLength(1);
  });

  it('a summary of 10 minutes or less is fresh enough', async () => {
    openOn(makeReport(), { [viewKey('example.com')]: done(summary({ readAt: Date.now() - 9 * MINUTE })) });
    await siteLink();
    expect(sent('site.read')).toEqual([]);
  });

  it('says when no page fails a test, and counts one page as one', async () => {
    openOn(makeReport(), { [viewKey('example.com')]: done(summary({ tests: [], pages: 1 })) });
    expect((await siteLink()).textContent).toBe('This site: 1 page · no failed tests');
  });

  it('links to a project whose name needs encoding', async () => {
    const project = 'Client A / Landing pages';
    openOn(makeReport({ project }), { [viewKey(project)]: done(summary({ project })) });
    expect((await siteLink()).getAttribute('href')).toBe(
      `${OPTIONS_PAGE}#/projects/Client%20A%20%2F%20Landing%20pages`,
    );
  });

  it('reads the active connection’s view only', async () => {
    openOn(makeReport(), { [viewKey('example.com', 'b')]: done(summary()) });
    await waitFor(() => expect(sent('site.read')).toEqual([{ name: 'example.com' }]));
    expect(screen.queryByRole('link', { name: /^This site:/ })).toBeNull();
  });

  it('shows nothing for a stored view it cannot read, and asks for a read', async () => {
    openOn(makeReport(), {
      [viewKey('example.com')]: { summary: { ...summary(), tests: [{ key: 'x' }] }, read: { phase: 'done' } },
    });
    await waitFor(() => expect(sent('site.read')).toEqual([{ name: 'example.com' }]));
    expect(screen.queryByRole('link', { name: /^This site:/ })).toBeNull();
  });

  it('a report without a project has no site line and asks nothing', async () => {
    openOn(makeReport({ project: null }), { [viewKey('example.com')]: done(summary()) });
    await screen.findByRole('article', { name: 'Report for this page' });
    // Its effects (where a line would watch and ask) have run.
    await act(async () => {});
    expect(screen.queryByRole('link', { name: /^This site:/ })).toBeNull();
    expect(sent('site.read')).toEqual([]);
  });

  it('in German', async () => {
    useTestLanguage('de');
    openOn(makeReport(), {
      [viewKey('example.com')]: done(
        summary({ tests: [{ ...metaDescription, name: 'Meta-Beschreibung fehlt' }] }),
      ),
    });
    const link = await screen.findByRole('link', { name: /^Diese Website:/ });
    expect(link.textContent).toBe('Diese Website: 12 Seiten · 7 mit „Meta-Beschreibung fehlt“');
  });
});

// A project's site view as the background writes it (lib/site.ts), for the project page's tests: the page
// watches storage.session, so tests write there what the background would.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SitePage, SiteSummary, SiteTest, SiteView } from '@/lib/site';

export const PROJECT = 'Client A / Landing pages';
export const PROJECT_HASH = '#/projects/Client%20A%20%2F%20Landing%20pages';

export const META: SiteTest = {
  key: 'meta_description',
  name: 'Meta description missing',
  importance: 'high',
  category: 'seo',
  pages: 7,
};
export const SLOW: SiteTest = {
  key: 'page_speed',
  name: 'Page loads slowly',
  importance: 'medium',
  category: 'performance',
  pages: 3,
};

/** 12 reports: 10 scored (5 good, 3 decent, 2 bad), 2 without results. */
export function summary(overrides: Partial<SiteSummary> = {}): SiteSummary {
  return {
    project: PROJECT,
    pages: 12,
    withoutResults: 2,
    averageScore: 72.8,
    averageResult: 'decent',
    spread: { good: 5, decent: 3, bad: 2 },
    tests: [META, SLOW],
    total: 12,
    cut: false,
    readAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function sitePage(id: number, score: number | null): SitePage {
  const url = `https://site.example/page-${id}`;
  return {
    id,
    url,
    pageUrl: url,
    serviceUrl: `https://reports.example/reports/${id}`,
    score,
    result: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    generatedAt: '2026-11-20T10:00:00Z',
  };
}

/** Writes the view of `project` where the page watches it (no connection is active in page tests). */
export function storeView(view: SiteView, project = PROJECT): Promise<void> {
  return fakeBrowser.storage.session.set({ [`:site:${project}`]: view });
}

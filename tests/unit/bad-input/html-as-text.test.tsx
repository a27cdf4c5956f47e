// Server data is shown as text, never as markup: a report whose every string is an HTML payload renders

// in the popup (ReportCard, RecentReports) and the options page (ReportsTable, ReportDetailsPanel,
// ProjectsTable) with the payload visible as text, no element made from it, and no link from it.
import { screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '@/lib/api/types';
import { parseRoute } from '@/lib/options-route';
import { makePage, makeProject, ok as okOptions } from '../options/fakes';
import { renderApp } from '../options/render-app';
import { checksOf, ok } from '../popup/fixtures';
import { openPopup } from '../popup/render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const HTML = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const LINK = 'javascript:alert(3)';

/** A report whose every string field is markup (or a script address where an address goes). */
const HOSTILE: Report = {
  id: HTML,
  url: HTML,
  pageUrl: LINK,
  serviceUrl: LINK,
  project: HTML,
  result: 'bad',
  score: 12,
  checks: checksOf({
    counts: { high: 1, medium: 1, low: 0, passed: 3 },
    failures: [
      { key: HTML, name: HTML, category: 'other', importance: 'high', detail: SCRIPT },
      { key: 'title', name: SCRIPT, category: 'seo', importance: 'medium', detail: HTML },
    ],
  }),
  privacy: 0,
  hasPassword: false,
  generatedAt: HTML,
  createdAt: HTML,
  updatedAt: HTML,
  fields: {
    id: HTML,
    url: HTML,
    project: HTML,
    [HTML]: SCRIPT,
    note: SCRIPT,
    link: LINK,
    nested: { inner: HTML, list: [SCRIPT] },
  },
};

/** No element, attribute or link was made from the payloads. */
function expectNoMarkupFrom(container: ParentNode) {
  expect(container.querySelector('img, script, iframe, object, embed')).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
  }
  for (const link of container.querySelectorAll('a[href]')) {
    expect(link.getAttribute('href')).not.toMatch(/^\s*javascript:/i);
  }
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the popup', () => {
  function openOn(report: Report) {
    return openPopup({
      'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }),
      'popup.recentReports': () => ok({ data: [report], fetchedAt: Date.now() }),
    });
  }

  it('ReportCard shows the failed tests’ names and details as text', async () => {
    openOn(HOSTILE);
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    const issues = within(card).getByRole('list', { name: 'Most important issues' });
    expect(issues.textContent).toContain(HTML);
    expect(issues.textContent).toContain(SCRIPT);
    // A script address is no link: the service link is left out.
    expect(within(card).queryByRole('link')).toBeNull();
    expectNoMarkupFrom(document.body);
  });

  it('RecentReports shows the address as text', async () => {
    openOn(HOSTILE);
    const recent = await screen.findByRole('list', { name: 'Recent reports' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(1));
    expect(
      within(recent).getByRole('button', { name: new RegExp(HTML.replace(/[()]/g, '\\$&')) }),
    ).toBeTruthy();
    expect(within(recent).getByText(HTML)).toBeTruthy();
    expectNoMarkupFrom(document.body);
  });
});

describe('the options page', () => {
  it('ReportsTable shows the address and the project as text, with no link', async () => {
    renderApp('#/reports', { 'reports.list': () => okOptions(makePage([HOSTILE])) });
    const table = await screen.findByRole('table', { name: 'Reports' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe(HTML);
    expect(within(row).getAllByText(HTML).length).toBeGreaterThanOrEqual(2);
    expect(within(row).queryByRole('link')).toBeNull();
    expectNoMarkupFrom(document.body);
  });

  it('ReportDetailsPanel shows every field, name and value, as text', async () => {
    renderApp(`#/reports?details=${encodeURIComponent(HTML)}`, {
      'reports.list': () => okOptions(makePage([HOSTILE])),
      'reports.get': () => okOptions(HOSTILE),
    });
    const panel = await screen.findByRole('region', { name: 'Report details' });
    await within(panel).findByText('All fields');
    const text = panel.textContent ?? '';
    for (const shown of [HTML, SCRIPT, LINK]) expect(text).toContain(shown);
    // The field named with markup is listed by that name, as text.
    expect([...panel.querySelectorAll('dt')].map((dt) => dt.textContent)).toContain(HTML);
    expect(within(panel).queryByRole('link', { name: /javascript/ })).toBeNull();
    expectNoMarkupFrom(document.body);
  });

  it('ProjectsTable shows names with markup, slashes, emoji and right-to-left text as they are', async () => {
    const names = [
      HTML,
      'Client A / Landing pages',
      '100% #1?',
      '😀 Emoji',
      'שלום עולם',
      'مرحبا/عالم',
      '\u202egnp.exe',
    ];
    renderApp('#/projects', {
      'projects.list': () => okOptions(makePage(names.map((name) => makeProject(name)))),
      'reports.list': () => okOptions(makePage([])),
    });
    const table = await screen.findByRole('table', { name: 'Projects' });
    const shown = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(shown).toEqual(names);
    // Each name links to its project's page and to its Reports, and each link carries the name whole.
    for (const name of names) {
      const page = within(table).getByRole('link', { name });
      expect(parseRoute(page.getAttribute('href')!)).toEqual({ section: 'project', name, test: null });
      const reports = within(table).getByRole('link', { name: `Reports of ${name}` });
      const query = new URLSearchParams(reports.getAttribute('href')!.split('?')[1]);
      expect(query.get('project')).toBe(name);
    }
    expectNoMarkupFrom(document.body);
  });
});

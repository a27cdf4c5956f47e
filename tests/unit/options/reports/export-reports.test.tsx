// "Export CSV" in the options page's Reports section, through what a person sees: the list's filters
// reach every page read, the progress is said and shown, Stop and Retry work, and the file is handed over
// through a Blob URL with what was read.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Result } from '@/lib/api/errors';
import type { ExportPage, ExportRow } from '@/lib/export/export-row';
import { useTestLanguage } from '../../fake-i18n';
import { callsOf, deferred, fail, makePage, ok, reportRange } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

function row(id: number): ExportRow {
  return {
    id,
    url: `site.example/page-${id}`,
    pageUrl: `https://site.example/page-${id}`,
    serviceUrl: `https://rank.example/reports/${id}`,
    project: 'site.example',
    result: 'good',
    score: 88,
    previousScore: 79,
    change: 9,
    privacy: 1,
    createdAt: '2026-11-20T09:14:03.000000Z',
    generatedAt: null,
    counts: { high: 1, medium: 0, low: 3, passed: 29 },
    failed: { high: ['Title missing'], medium: [], low: ['No favicon', 'Inline CSS', 'Page too big'] },
  };
}

function exportPageOf(page: number, lastPage: number): ExportPage {
  return {
    rows: [row(page * 10 + 1), row(page * 10 + 2)],
    page,
    lastPage,
    total: lastPage * 2,
    hasNext: page < lastPage,
  };
}

/** What the page handed to the browser as a download: the Blob's text, through URL.createObjectURL. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useTestLanguage('en');
});

const HASH = '#/reports?search=site&result=good&sort_by=url&sort=asc&per_page=10';

describe('Export CSV', () => {
  it('exports every page of the list as filtered, with progress, then says where it went', async () => {
    const downloads = captureDownloads();
    const third = deferred<Result<ExportPage>>();
    const { send } = renderApp(HASH, {
      'reports.list': () => ok(makePage(reportRange(1, 10), { total: 60 })),
      'reports.exportPage': ({ page = 1 }) => (page === 3 ? third.promise : ok(exportPageOf(page, 3))),
    });
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await screen.findByText('Reading page 3 of 3…');
    const bar = screen.getByRole('progressbar', { name: 'Export progress' }) as HTMLProgressElement;
    expect(bar.max).toBe(3);
    expect(bar.value).toBe(2);
    const button = screen.getByRole('button', { name: 'Export CSV' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second click while it runs starts nothing.
    fireEvent.click(button);
    third.resolve(ok(exportPageOf(3, 3)));

    await screen.findByText(/^Exported 6 reports to page-reports-good-search-site-\d{4}-\d{2}-\d{2}\.csv\.$/);
    expect(callsOf(send, 'reports.exportPage')).toEqual(
      [1, 2, 3].map((page) => ({
        search: 'site',
        searchBy: 'url',
        result: 'good',
        sortBy: 'url',
        sort: 'asc',
        perPage: 100,
        page,
      })),
    );
    expect(downloads.names).toEqual([
      expect.stringMatching(/^page-reports-good-search-site-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const text = await downloads.blobs[0]!.text();
    expect(downloads.blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const records = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(records[0]).toBe(
      '"URL","Project","Band","Score","Previous score","Change","Privacy","Created (UTC)","Generated (UTC)","High issues","Medium issues","Low issues","Passed tests","Failed tests (high)","Failed tests (medium)","Failed tests (low)","Report on the service"',
    );
    expect(records[1]).toBe(
      '"https://site.example/page-11","site.example","good",88,79,9,"private","2026-11-20 09:14:03",,1,0,3,29,"Title missing","","No favicon; Inline CSS; Page too big","https://rank.example/reports/11"',
    );
    expect(records).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('Stop downloads nothing and says so', async () => {
    const downloads = captureDownloads();
    const second = deferred<Result<ExportPage>>();
    renderApp(HASH, {
      'reports.list': () => ok(makePage(reportRange(1, 10), { total: 60 })),
      'reports.exportPage': ({ page = 1 }) => (page === 2 ? second.promise : ok(exportPageOf(page, 3))),
    });
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Reading page 2 of 3…');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Export stopped. Nothing was downloaded.');
    second.resolve(ok(exportPageOf(2, 3)));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(downloads.blobs).toEqual([]);
  });

  it('leaving the section ends a running export: no more pages, nothing downloaded', async () => {
    const downloads = captureDownloads();
    const second = deferred<Result<ExportPage>>();
    const { send } = renderApp(HASH, {
      'reports.list': () => ok(makePage(reportRange(1, 10), { total: 60 })),
      'reports.exportPage': ({ page = 1 }) => (page === 2 ? second.promise : ok(exportPageOf(page, 3))),
    });
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsOf(send, 'reports.exportPage')).toHaveLength(2));
    window.location.hash = '#/projects';
    await screen.findByRole('table', { name: 'Projects' });
    // Page 2 answers after the section was left; on the fake clock, every pause the export could still
    // take passes (the next page would leave 250 ms later).
    vi.useFakeTimers();
    second.resolve(ok(exportPageOf(2, 3)));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsOf(send, 'reports.exportPage').map((query) => query.page)).toEqual([1, 2]);
    expect(downloads.blobs).toEqual([]);
  });

  it('says plainly which page failed, and Retry goes on from there', async () => {
    const downloads = captureDownloads();
    let failures = 1;
    const { send } = renderApp(HASH, {
      'reports.list': () => ok(makePage(reportRange(1, 10), { total: 60 })),
      'reports.exportPage': ({ page = 1 }) =>
        page === 2 && failures-- > 0 ? fail('server', { status: 500 }) : ok(exportPageOf(page, 3)),
    });
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The export could not read page 2 of 3: \S/);
    // The focus goes to the failure, where Retry is.
    const box = alert.closest<HTMLElement>('.job-status')!;
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(downloads.blobs).toEqual([]);
    fireEvent.click(within(box).getByRole('button', { name: 'Retry' }));
    await screen.findByText(/^Exported 6 reports/);
    expect(callsOf(send, 'reports.exportPage').map((query) => query.page)).toEqual([1, 2, 2, 3]);
    expect(downloads.blobs).toHaveLength(1);
  });

  it('speaks German: its headers, and the separator German spreadsheets open', async () => {
    useTestLanguage('de');
    const downloads = captureDownloads();
    renderApp(HASH, {
      'reports.list': () => ok(makePage(reportRange(1, 10), { total: 10 })),
      'reports.exportPage': () => ok(exportPageOf(1, 1)),
    });
    await screen.findByRole('table', { name: 'Berichte' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await screen.findByText(
      /^2 Berichte in page-reports-good-search-site-\d{4}-\d{2}-\d{2}\.csv exportiert\.$/,
    );
    const records = (await downloads.blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(records[0]).toBe(
      '"Adresse";"Projekt";"Ergebnis";"Punkte";"Vorige Punkte";"Änderung";"Sichtbarkeit";"Erstellt (UTC)";"Erzeugt (UTC)";"Probleme (hoch)";"Probleme (mittel)";"Probleme (niedrig)";"Bestandene Tests";"Nicht bestandene Tests (hoch)";"Nicht bestandene Tests (mittel)";"Nicht bestandene Tests (niedrig)";"Bericht beim Dienst"',
    );
    expect(records[1]).toBe(
      '"https://site.example/page-11";"site.example";"good";88;79;9;"private";"2026-11-20 09:14:03";;1;0;3;29;"Title missing";"";"No favicon; Inline CSS; Page too big";"https://rank.example/reports/11"',
    );
  });
});

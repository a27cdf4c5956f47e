// "Export CSV" in Chromium against the reference API (phpRank's answers): the list filtered on screen,
// exported across all its pages at the pace the throttle allows, caught as a real download, parsed back,
// and compared with what the API itself lists for that filter: full addresses, UTC times a spreadsheet
// reads, the failed tests by importance, each report's link on the service. No key in the file.
import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, useExtension, useReferenceApi } from './harness';
import {
  parseCsv,
  bodyRows,
  connect,
  expectListQuery,
  reportsTable,
  requestsTo,
  seriousAxeViolations,
} from './options-helpers';

const extension = useExtension();
const api = useReferenceApi();

beforeEach(async () => {
  api().store.reset(true);
  await connect(extension(), api());
});

interface ApiReport {
  id: number;
  url: string;
  project: string;
  result: number;
  privacy: number;
  created_at: string;
  generated_at: string | null;
  results: Record<string, { passed: boolean; importance: 'high' | 'medium' | 'low'; value?: unknown }>;
}

/** Laravel's "2026-11-27T23:07:41.000000Z" as a spreadsheet reads a time: "2026-11-27 23:07:41". */
function spreadsheetTime(sent: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.\d+Z$/.exec(sent);
  expect(match).not.toBeNull();
  return `${match![1]} ${match![2]}`;
}

/** Every report the API lists for this query, all pages, asked directly (as a script would). */
async function listedByApi(query: Record<string, string>): Promise<ApiReport[]> {
  const reports: ApiReport[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, per_page: '100', page: String(page) });
    const answer = await fetch(`${api().url}/api/v1/reports?${params}`, {
      headers: { authorization: `Bearer ${api().apiKey}`, accept: 'application/json' },
    });
    const body = (await answer.json()) as { data: ApiReport[]; meta: { last_page: number } };
    reports.push(...body.data);
    if (page >= body.meta.last_page) return reports;
  }
}

const FAILED_COLUMNS = { high: 13, medium: 14, low: 15 } as const;

/** The record the file should hold for a report, from the API's own fields; the failed tests' names apart. */
function expectedRecord(report: ApiReport): string[] {
  const counts = { high: 0, medium: 0, low: 0, passed: 0 };
  for (const test of Object.values(report.results)) {
    if (test.passed) counts.passed++;
    else counts[test.importance]++;
  }
  const band = report.result > 79 ? 'good' : report.result >= 49 ? 'decent' : 'bad';
  const reached = report.results.seo_friendly_url?.value;
  return [
    typeof reached === 'string' ? reached : `https://${report.url}`,
    report.project,
    band,
    String(report.result),
    // One analysis of each seen so far: no previous score, no change.
    '',
    '',
    ['public', 'private', 'password'][report.privacy]!,
    spreadsheetTime(report.created_at),
    report.generated_at === null ? '' : spreadsheetTime(report.generated_at),
    String(counts.high),
    String(counts.medium),
    String(counts.low),
    String(counts.passed),
    // The names, checked apart (failedNames).
    '',
    '',
    '',
    `${api().url}/reports/${report.id}`,
  ];
}

/** How many tests of each importance a record names as failed. */
function namedCounts(record: string[]): string[] {
  return Object.values(FAILED_COLUMNS).map((column) =>
    String(record[column] === '' ? 0 : record[column]!.split('; ').length),
  );
}

describe('Reports: Export CSV', () => {
  it('exports the filtered list across all its pages, paced, as a CSV that matches the API', async () => {
    const page = await extension().openOptions('/reports?search=example&sort_by=url&sort=asc&per_page=10');
    const table = reportsTable(page);
    await bodyRows(table).first().waitFor();
    await expectListQuery(api(), 'reports', {
      search: 'example',
      search_by: 'url',
      sort_by: 'url',
      sort: 'asc',
      per_page: '10',
      page: '1',
    });
    const shownTotal = api()
      .store.reports()
      .filter((report) => report.url.toLowerCase().includes('example')).length;
    expect(shownTotal).toBeGreaterThan(100);
    await page.getByText(`${shownTotal} reports`).waitFor();

    // One request per 2 s, and headers that say so: after page 1 no room is left, so the export waits for
    // the next window (one request per 60 s / limit, at most 2 s) instead of meeting a 429 (unpaced, page 2
    // would leave 250 ms later).
    const before = requestsTo(api(), 'GET', '/api/v1/reports').length;
    api().controls.setRateLimit(1, 2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    // During the pause before page 2, that page is said and shown; its answer is held while this is checked.
    await page.getByText('Reading page 2 of 2…').waitFor();
    const release = api().controls.holdAnswers();
    const progress = page.getByRole('progressbar', { name: 'Export progress' });
    expect(await progress.getAttribute('value')).toBe('1');
    expect(await progress.getAttribute('max')).toBe('2');
    expect(await page.getByRole('button', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'options-export-progress');
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^page-reports-search-example-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText(`Exported ${shownTotal} reports to ${file.suggestedFilename()}.`).waitFor();
    api().controls.setRateLimit(null);

    // Every page of the filtered list, 100 at a time, with the filters and sort on screen.
    const reads = requestsTo(api(), 'GET', '/api/v1/reports').slice(before);
    const answered = reads.filter((request) => request.status === 200);
    expect(answered.map((request) => request.query)).toEqual(
      ['1', '2'].map((number) => ({
        search: 'example',
        search_by: 'url',
        sort_by: 'url',
        sort: 'asc',
        per_page: '100',
        page: number,
      })),
    );
    expect(reads.map((request) => request.status)).toEqual([200, 200]);

    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).not.toContain(api().apiKey);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'URL',
      'Project',
      'Band',
      'Score',
      'Previous score',
      'Change',
      'Privacy',
      'Created (UTC)',
      'Generated (UTC)',
      'High issues',
      'Medium issues',
      'Low issues',
      'Passed tests',
      'Failed tests (high)',
      'Failed tests (medium)',
      'Failed tests (low)',
      'Report on the service',
    ]);
    const expected = await listedByApi({ search: 'example', sort_by: 'url', sort: 'asc' });
    expect(expected).toHaveLength(shownTotal);
    const withoutNames = (record: string[]) =>
      record.map((field, column) => (column >= 13 && column <= 15 ? '' : field));
    expect(records.map(withoutNames)).toEqual(expected.map(expectedRecord));
    // Each failed test named once, in the column of its importance.
    expect(records.map(namedCounts)).toEqual(records.map((record) => record.slice(9, 12)));

    // One row as an auditor reads it: the page's https address, a time, the failed tests by name, the link.
    const index = expected.findIndex((report) => report.results.meta_description?.passed === false);
    const row = records[index]!;
    const importance = expected[index]!.results.meta_description!.importance;
    expect(row[0]).toMatch(/^https:\/\//);
    expect(row[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row[FAILED_COLUMNS[importance]]!.split('; ')).toContain('Meta description missing');
    expect(row[16]).toBe(`${api().url}/reports/${expected[index]!.id}`);
    // Names, never the service's keys.
    expect(records.flatMap((record) => record.slice(13, 16)).join('; ')).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    await screenshot(page, 'options-export-done');
  });

  it('waits out a 429 once, saying so, and asks for the page again', async () => {
    const page = await extension().openOptions('/reports?search=example');
    await bodyRows(reportsTable(page)).first().waitFor();
    const before = requestsTo(api(), 'GET', '/api/v1/reports').length;
    api().controls.forceStatus(429, 1, undefined, { 'Retry-After': '2' }, { method: 'GET' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page
      .getByText('The service asked to slow down: waiting 2 s before reading page 1 again…')
      .waitFor();
    await download;
    const reads = requestsTo(api(), 'GET', '/api/v1/reports').slice(before);
    expect(reads.map((request) => [request.query.page, request.status])).toEqual([
      ['1', 429],
      ['1', 200],
      ['2', 200],
    ]);
  });
});

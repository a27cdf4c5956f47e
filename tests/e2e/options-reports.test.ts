// The options page's Reports section in Chromium, against the reference API: what the page shows and
// what reached the server.
import { beforeEach, describe, expect, it } from 'vitest';
import { readableUrl } from '../../lib/readable-url';
import { checkBothSchemes, screenshot, useExtension, useReferenceApi } from './harness';
import {
  bodyRows,
  columnTexts,
  connect,
  expectListQuery,
  focusedDescription,
  lastListQuery,
  recordAnswers,
  reportsTable,
  requestsTo,
  seriousAxeViolations,
  waitForRows,
} from './options-helpers';

const extension = useExtension();
// The API.md dialect (words in `result`, pending generation); phprank.test.ts runs phpRank's.
const api = useReferenceApi({ dialect: 'api-md', generationDelayMs: 1500 });

const DEFAULT_QUERY = { sort_by: 'id', sort: 'desc', per_page: '10', page: '1' };

beforeEach(async () => {
  api().store.reset(true);
  api().store.finishPending();
  await connect(extension(), api());
});

function isSearchFor(query: unknown, search: string): boolean {
  return typeof query === 'object' && query !== null && (query as { search?: unknown }).search === search;
}

async function openReports(hash = '/reports') {
  const page = await extension().openOptions(hash);
  await bodyRows(reportsTable(page)).first().waitFor();
  // The rows kept from an earlier visit may show first: wait for the service's answer, as a person sees
  // the table stop being busy, so a test acts on the rows the service has now.
  await expect.poll(() => reportsTable(page).getAttribute('aria-busy')).not.toBe('true');
  return page;
}

describe('Reports: list, pages and page size', () => {
  it('lists the newest reports first, with the counts from meta, and 100 rows on request', async () => {
    const page = await openReports('');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    await expectListQuery(api(), 'reports', DEFAULT_QUERY);
    await expect.poll(() => page.getByText('Page 1 of 14').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('132 reports').isVisible()).toBe(true);
    const newest = [...api().store.reports()].sort((a, b) => b.id - a.id)[0]!;
    expect((await columnTexts(table, 2))[0]).toBe(newest.url);
    expect(await page.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await page.getByLabel('Per page').selectOption('100');
    await waitForRows(table, 100);
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, per_page: '100' });
    await expect.poll(() => page.getByText('Page 1 of 2').isVisible()).toBe(true);
    expect(page.url()).toContain('#/reports?sort_by=id&sort=desc&per_page=100');
    // The exact time on hover, the date in the locale.
    const created = table.locator('tbody tr').first().locator('time').first();
    expect(await created.getAttribute('title')).toMatch(/\d{4}/);
    expect(await created.getAttribute('title')).toMatch(/\d{1,2}:\d{2}/);

    expect((await checkBothSchemes(page, 'options-reports-100')).violations).toEqual([]);
  });

  it('pages with Next and Previous, keeps the page in the address for reload and back/forward', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, page: '2' });
    await expect.poll(() => page.getByText('Page 2 of 14').isVisible()).toBe(true);
    const secondPage = await columnTexts(table, 2);
    expect(page.url()).toMatch(/#\/reports\?sort_by=id&sort=desc&per_page=10&page=2$/);

    await page.reload();
    await expect.poll(() => page.getByText('Page 2 of 14').isVisible()).toBe(true);
    expect(await columnTexts(table, 2)).toEqual(secondPage);
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, page: '2' });

    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => page.getByText('Page 1 of 14').isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByText('Page 2 of 14').isVisible()).toBe(true);
    await page.goForward();
    await expect.poll(() => page.getByText('Page 1 of 14').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
  });

  it('follows the page the server applied: a page past the end shows the last one', async () => {
    const page = await extension().openOptions('/reports?per_page=50&page=9');
    await expect.poll(() => page.getByText('Page 3 of 3').isVisible(), { timeout: 5000 }).toBe(true);
    await waitForRows(reportsTable(page), 32);
    expect(page.url()).toContain('per_page=50&page=3');
  });
});

describe('Reports: sorting', () => {
  it('sorts by each header button, flips on a second click and shows it with aria-sort', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    const header = (name: string) => page.getByRole('columnheader', { name });

    await page.getByRole('button', { name: 'URL', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'url', sort: 'asc' });
    expect(await header('URL').getAttribute('aria-sort')).toBe('ascending');
    // Sorted as stored; shown readable (the seed holds `?q=caf%C3%A9`, shown as `?q=café`).
    const urls = api()
      .store.reports()
      .map((r) => r.url.toLowerCase())
      .sort()
      .map((url) => readableUrl(url));
    await expect.poll(async () => (await columnTexts(table, 2))[0]?.toLowerCase()).toBe(urls[0]);

    await page.getByRole('button', { name: 'URL', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'url', sort: 'desc' });
    expect(await header('URL').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await columnTexts(table, 2))[0]?.toLowerCase()).toBe(urls.at(-1));

    await page.getByRole('button', { name: 'Result', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'result', sort: 'asc' });
    expect(await header('URL').getAttribute('aria-sort')).toBeNull();
    await expect.poll(async () => (await columnTexts(table, 4))[0]).toBe('Bad');

    await page.getByRole('button', { name: 'Generated', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'generated_at', sort: 'desc' });
    await page.getByRole('button', { name: 'Created', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'id', sort: 'desc' });
    await page.getByRole('button', { name: 'Created', exact: true }).click();
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'id', sort: 'asc' });
    await expect.poll(async () => (await columnTexts(table, 2))[0]).toBe(api().store.report(1)!.url);
  });

  it('remembers the last page size and sort for the next visit', async () => {
    const page = await openReports();
    await page.getByLabel('Per page').selectOption('25');
    await page.getByRole('button', { name: 'URL', exact: true }).click();
    await expectListQuery(api(), 'reports', { sort_by: 'url', sort: 'asc', per_page: '25', page: '1' });
    await page.close();
    const again = await openReports('/reports');
    await expectListQuery(api(), 'reports', { sort_by: 'url', sort: 'asc', per_page: '25', page: '1' });
    expect(await again.getByLabel('Per page').inputValue()).toBe('25');
    // The address says what was remembered, so a bookmark made now shows the same list.
    expect(again.url()).toMatch(/#\/reports\?sort_by=url&sort=asc&per_page=25$/);
  });
});

describe('Reports: the address', () => {
  it('completes an address that leaves the list state out, in place, so a bookmark restores the view', async () => {
    const report = api()
      .store.reports()
      .find((r) => r.project === 'Client A / Landing pages')!;
    const page = await openReports();
    const listed = page.url();
    expect(listed).toMatch(/#\/reports\?sort_by=id&sort=desc&per_page=10$/);
    const entries = await page.evaluate(() => history.length);
    // A link that names only the report (as the popup's does).
    await page.evaluate((id) => (location.hash = `#/reports?details=${id}`), report.id);
    await page.getByRole('region', { name: 'Report details' }).getByText('All fields').waitFor();
    await expect
      .poll(() => page.url())
      .toMatch(new RegExp(`#/reports\\?sort_by=id&sort=desc&per_page=10&details=${report.id}$`));
    // Replaced, not added: one entry for the link, and Back goes to the list, not to the shorter address.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(listed);

    await page.goto(
      extension().extensionUrl('options.html#/reports?project=Client%20A%20%2F%20Landing%20pages'),
    );
    await expect
      .poll(() => page.url())
      .toMatch(/#\/reports\?project=Client%20A%20%2F%20Landing%20pages&sort_by=id&sort=desc&per_page=10$/);
    await expect.poll(() => page.getByLabel('Project').inputValue()).toBe('Client A / Landing pages');
    await expect
      .poll(async () => new Set(await columnTexts(reportsTable(page), 3)))
      .toEqual(new Set(['Client A / Landing pages']));
    const bookmark = page.url();
    const rows = await columnTexts(reportsTable(page), 2);
    await page.reload();
    await bodyRows(reportsTable(page)).first().waitFor();
    expect(page.url()).toBe(bookmark);
    await expect.poll(() => columnTexts(reportsTable(page), 2)).toEqual(rows);
  });

  it('moves between sections with the navigation links; Reports comes back as it was left', async () => {
    const page = await openReports();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText('Page 2 of 14').isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Sections' });

    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(page.url()).toMatch(/#\/settings$/);
    expect(await nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => focusedDescription(page)).toBe('h2:Settings');

    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect.poll(() => page.getByText('Page 2 of 14').isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/reports\?sort_by=id&sort=desc&per_page=10&page=2$/);
    expect(await nav.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => focusedDescription(page)).toBe('h2:Reports');
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, page: '2' });
  });
});

describe('Reports: filters', () => {
  it('shows percent-encoded addresses readably, and links them as they are', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    await page.getByLabel('Search by URL').pressSequentially('%E3%83%A1', { delay: 30 });
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, search: '%E3%83%A1', search_by: 'url' });
    await expect
      .poll(async () => {
        const texts = await columnTexts(table, 2);
        return texts.length > 0 && texts.every((text) => text.endsWith('/メニュー'));
      })
      .toBe(true);
    const raw = api()
      .store.reports()
      .find((r) => r.url.includes('%E3%83%A1'))!;
    const link = table.getByRole('link', { name: readableUrl(raw.url), exact: true }).first();
    expect(await link.getAttribute('href')).toMatch(/\/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC$/);
  });

  it('searches after typing pauses, filters by result and by a project named with a slash, and clears', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    const before = requestsTo(api(), 'GET', '/api/v1/reports').length;
    await page.getByLabel('Search by URL').pressSequentially('pricing', { delay: 30 });
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, search: 'pricing', search_by: 'url' });
    // One request for the whole word, not one per key.
    expect(requestsTo(api(), 'GET', '/api/v1/reports').length).toBe(before + 1);
    await expect
      .poll(async () => (await columnTexts(table, 2)).every((url) => url.includes('pricing')))
      .toBe(true);

    await page.getByLabel('Result').selectOption({ label: 'Bad' });
    await expectListQuery(api(), 'reports', {
      ...DEFAULT_QUERY,
      search: 'pricing',
      search_by: 'url',
      result: 'bad',
    });

    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Client A / Landing pages' });
    await expectListQuery(api(), 'reports', {
      ...DEFAULT_QUERY,
      search: 'pricing',
      search_by: 'url',
      result: 'bad',
      project: 'Client A / Landing pages',
    });
    expect(page.url()).toContain('project=Client%20A%20%2F%20Landing%20pages');
    const expected = api()
      .store.reports()
      .filter(
        (r) => r.project === 'Client A / Landing pages' && r.result === 'bad' && r.url.includes('pricing'),
      );
    if (expected.length === 0) {
      await expect.poll(() => page.getByText(/No reports match these filters/).isVisible()).toBe(true);
    } else {
      await waitForRows(table, expected.length);
    }

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectListQuery(api(), 'reports', DEFAULT_QUERY);
    expect(await page.getByLabel('Search by URL').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
  });

  it('offers every project of the account in the Project filter', async () => {
    const page = await openReports();
    const names = api()
      .store.projects()
      .map((p) => p.project);
    await expect.poll(() => page.getByLabel('Project').locator('option').count()).toBe(names.length + 1);
    expect(await page.getByLabel('Project').locator('option').first().innerText()).toBe('All projects');
    const projectQueries = requestsTo(api(), 'GET', '/api/v1/projects').map((r) => r.query);
    expect(projectQueries[0]).toEqual({ per_page: '100', sort_by: 'project', sort: 'asc', page: '1' });
  });

  it('never shows an answer to an older search over the answer to a newer one', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    const answered = await recordAnswers(page);
    api().controls.setLatency(2500);
    await page.getByLabel('Search by URL').fill('example');
    await expect.poll(() => lastListQuery(api(), 'reports')?.search).toBe('example');
    api().controls.setLatency(0);
    await page.getByLabel('Search by URL').fill('pricing');
    await expect.poll(() => lastListQuery(api(), 'reports')?.search).toBe('pricing');
    await expect
      .poll(async () => (await columnTexts(table, 2)).every((url) => url.includes('pricing')))
      .toBe(true);
    // The slow answer for "example" reaches the page; once it has, the table must still be on "pricing".
    await expect
      .poll(async () => (await answered('reports.list')).some((query) => isSearchFor(query, 'example')), {
        timeout: 10_000,
      })
      .toBe(true);
    expect((await columnTexts(table, 2)).every((url) => url.includes('pricing'))).toBe(true);
    expect(await page.getByLabel('Search by URL').inputValue()).toBe('pricing');
  });
});

describe('Reports: details', () => {
  it('opens from the popup’s link, changes privacy to Password, and regenerates results', async () => {
    const report = api()
      .store.reports()
      .find((r) => r.privacy === 0 && r.result !== null)!;
    const page = await extension().openOptions(`/reports?details=${report.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
    expect(await panel.locator('dt').allInnerTexts()).toEqual(
      expect.arrayContaining(['id', 'url', 'results', 'generated_at']),
    );
    // The raw results, folded under the readable summary, as the service sent them.
    await panel.getByText('Raw results as the service sent them').click();
    expect(await panel.locator('pre').first().innerText()).toContain('"score"');
    await screenshot(page, 'options-details-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await panel.getByLabel('Privacy').selectOption({ label: 'Password' });
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => panel.getByText(/Enter a password/).isVisible()).toBe(true);
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`)).toHaveLength(0);

    await panel.getByLabel('Password').fill('open sesame');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => panel.getByText('Changes saved.').isVisible()).toBe(true);
    const [save] = requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`);
    expect(save?.body).toEqual({ privacy: '2', password: 'open sesame' });
    expect(api().store.passwordMatches(report.id, 'open sesame')).toBe(true);
    expect(await panel.getByLabel('Password').inputValue()).toBe('');
    expect(
      await panel
        .locator('dd')
        .nth(await fieldIndex(panel, 'password'))
        .innerText(),
    ).toBe('Set');

    await panel.getByRole('button', { name: 'Regenerate results' }).click();
    await expect.poll(() => requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`).length).toBe(2);
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`)[1]?.body).toEqual({ results: '1' });
    await expect.poll(() => panel.getByText('Generating…').isVisible()).toBe(true);
    // Read again until generated: the new result shows by itself.
    await expect
      .poll(() => panel.getByText('New results are ready.').isVisible(), { timeout: 8000 })
      .toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'options-details-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a password the background refuses next to the field, not as an invalid request', async () => {
    // The form checks only that a password is there; its length limit is the background's schema's.
    const report = api()
      .store.reports()
      .find((r) => r.privacy === 0)!;
    const page = await extension().openOptions(`/reports?details=${report.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
    await panel.getByLabel('Privacy').selectOption({ label: 'Password' });
    await panel.getByLabel('Password').fill('x'.repeat(1001));
    await panel.getByRole('button', { name: 'Save changes' }).click();

    const alert = panel.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Check the highlighted fields');
    expect(await alert.innerText()).not.toContain('invalid request');
    // Nothing to retry: the same value would be refused again.
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const password = panel.getByLabel('Password');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const noteId = await password.getAttribute('aria-describedby');
    expect(await panel.locator(`[id="${noteId}"]`).innerText()).toBe(
      'The password may be at most 1,000 characters long.',
    );
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`)).toHaveLength(0);
  });

  it('opens from a row’s Details button and returns the focus there on close', async () => {
    const page = await openReports();
    const row = bodyRows(reportsTable(page)).nth(2);
    const url = await row.locator('th').innerText();
    await row.getByRole('button', { name: 'Details' }).click();
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
    expect(await panel.locator('.details-summary').innerText()).toContain(url);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await focusedDescription(page)).toBe('button:Details');
    expect(page.url()).not.toContain('details=');

    // And with the "Close details" button.
    await row.getByRole('button', { name: 'Details' }).click();
    await panel.getByText('All fields').waitFor();
    expect(page.url()).toContain('details=');
    await panel.getByRole('button', { name: 'Close details' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await focusedDescription(page)).toBe('button:Details');
    expect(page.url()).not.toContain('details=');
  });

  it('shows a failed save where it happened and leaves the table as it was', async () => {
    const page = await openReports();
    const row = bodyRows(reportsTable(page)).first();
    const before = await row.innerText();
    await row.getByRole('button', { name: 'Details' }).click();
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
    const privacy = await panel.getByLabel('Privacy').inputValue();
    await panel.getByLabel('Privacy').selectOption(privacy === '1' ? '0' : '1');
    api().controls.forceStatus(500, 1, undefined, undefined, { method: 'PATCH' });
    await panel.getByRole('button', { name: 'Save changes' }).click();
    const alert = panel.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Could not save changes');
    expect(await row.innerText()).toBe(before);
    // Writes are never retried on their own: one PATCH reached the server.
    expect(api().requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => panel.getByText('Changes saved.').isVisible()).toBe(true);
  });
});

describe('Reports: delete', () => {
  it('confirms in a dialog naming the URL, cancels with Escape or Cancel, deletes with Delete', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    const row = bodyRows(table).first();
    const url = await row.locator('th').innerText();
    const id = api()
      .store.reports()
      .find((r) => r.url === url && !requestsTo(api(), 'DELETE', `/api/v1/reports/${r.id}`).length)!.id;
    const deleteButton = row.getByRole('button', { name: `Delete report for ${url}` });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete report?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(url);
    expect((await checkBothSchemes(page, 'options-delete-dialog')).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedDescription(page)).toBe(`button:Delete report for ${url}`);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(requestsTo(api(), 'DELETE', `/api/v1/reports/${id}`)).toHaveLength(0);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(requestsTo(api(), 'DELETE', `/api/v1/reports/${id}`)).toHaveLength(1);
    expect(api().store.report(id)).toBeUndefined();
    await expect.poll(() => table.getByText(url, { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByText('131 reports').isVisible()).toBe(true);
  });

  it('counts a report that was already gone (404) as deleted', async () => {
    const page = await openReports();
    const row = bodyRows(reportsTable(page)).first();
    const url = await row.locator('th').innerText();
    const report = api()
      .store.reports()
      .find((r) => readableUrl(r.url) === url)!;
    api().store.deleteReport(report.id);
    await row.getByRole('button', { name: /^Delete report for/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(requestsTo(api(), 'DELETE', `/api/v1/reports/${report.id}`)).toHaveLength(1);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  });

  it('keeps the dialog and the row when a delete fails', async () => {
    const page = await openReports();
    const row = bodyRows(reportsTable(page)).first();
    const url = await row.locator('th').innerText();
    api().controls.forceStatus(503, 1, undefined, undefined, { method: 'DELETE' });
    await row.getByRole('button', { name: /^Delete report for/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Could not delete the report');
    expect(await reportsTable(page).getByText(url, { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('keeps the dialog while the delete runs: Escape and Cancel wait, and a late failure shows there only', async () => {
    const page = await openReports();
    const rows = bodyRows(reportsTable(page));
    const url = await rows.nth(0).locator('th').innerText();
    const otherUrl = await rows.nth(1).locator('th').innerText();
    await rows
      .nth(0)
      .getByRole('button', { name: /^Delete report for/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete report?' });
    // The DELETE's answer (a failure) is held until both Escapes are pressed, however slow the machine.
    const release = api().controls.holdAnswers();
    api().controls.forceStatus(503, 1, undefined, undefined, { method: 'DELETE' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByText('Deleting…').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    // Twice: Chromium closes a modal dialog on a second Escape whatever the page says.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Escape left it open, or the page opened it again at once after Chromium closed it.
    await dialog.waitFor();
    release();
    // The late failure shows in this same dialog, open (a closed dialog's alert is not found by role).
    await expect
      .poll(() => dialog.getByRole('alert').innerText(), { timeout: 5000 })
      .toContain('Could not delete the report');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(url);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await reportsTable(page).getByText(url, { exact: true }).count()).toBe(1);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Delete report for/ })
      .click();
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(otherUrl);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deletes the selected reports at the pace the rate limit allows, and sums up', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    const count = 7;
    // The table shows the newest first: these are the rows ticked below.
    const selected = api()
      .store.reports()
      .map((r) => r.id)
      .sort((a, b) => b - a)
      .slice(0, count);
    for (let index = 0; index < count; index++) {
      await bodyRows(table).nth(index).getByRole('checkbox', { name: 'Select' }).check();
    }
    expect(await page.getByText(`${count} selected`).isVisible()).toBe(true);
    // Two requests per 2-second window, and headers that say how much room is left: nearly out of room,
    // the deletes slow down, and a 429 (if one comes) is waited out as Retry-After says. Unpaced (250 ms
    // apart), every third delete would meet the limit.
    api().controls.setRateLimit(2, 2);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${count} reports?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByText(`Deleted ${count} reports.`, { exact: true }).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const deletes = api().requests.filter((r) => r.method === 'DELETE');
    const idOf = (path: string) => Number(path.split('/').at(-1));
    // Only the selected reports were asked for, each deleted exactly once (a 429 deletes nothing).
    expect(new Set(deletes.map((r) => idOf(r.path)))).toEqual(new Set(selected));
    for (const id of selected) {
      const deleted = deletes.filter((r) => idOf(r.path) === id && r.status !== 429);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]?.status).toBeLessThan(300);
      expect(api().store.report(id)).toBeUndefined();
    }
    expect(deletes.filter((r) => r.status === 429).length).toBeLessThanOrEqual(2);
    api().controls.setRateLimit(null);
    await waitForRows(table, 10);
  });

  it('stops a running "Delete selected" with Stop, and says what was left', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    for (let index = 0; index < 5; index++) {
      await bodyRows(table).nth(index).getByRole('checkbox', { name: 'Select' }).check();
    }
    api().controls.setLatency(800);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 5 reports?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // The background runs it: its progress and Stop are the page's, once the dialog handed it over.
    await page.getByRole('button', { name: 'Stop' }).click();
    const summary = page.getByText('Deleted 1 report. 4 reports were not deleted because you pressed Stop.', {
      exact: true,
    });
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    expect(api().requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    // The four left stay selected.
    await expect.poll(() => page.getByText('4 selected').isVisible()).toBe(true);
    api().controls.setLatency(0);
  });

  it('says which reports could not be deleted', async () => {
    const page = await openReports();
    const table = reportsTable(page);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 10 reports?' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'options-delete-selected-dialog-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Only the first delete gets it, whatever else the page asks meanwhile. A server error, which is
    // worth trying again (a refusal, 403, is not: no "Retry failed" then, unit-tested with errorAction).
    api().controls.forceStatus(500, 1, undefined, undefined, { method: 'DELETE' });
    await page
      .getByRole('dialog', { name: 'Delete 10 reports?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const summary = page.getByText(/^Deleted 9 reports\. 1 could not be deleted: /);
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await summary.innerText()).toContain('The service had a problem');
    expect(await summary.innerText()).not.toContain('.).');
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    await waitForRows(table, 10);

    // The one that failed is tried again from the summary.
    await page.getByRole('button', { name: 'Retry failed' }).click();
    await expect
      .poll(() => page.getByText('Deleted 1 report.', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(api().requests.filter((r) => r.method === 'DELETE')).toHaveLength(11);
    expect(await page.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
    await expect.poll(() => page.getByText('None selected').isVisible()).toBe(true);
  });
});

describe('Reports: errors and keyboard', () => {
  it('shows a failed load with Retry, and Open settings when the key is rejected', async () => {
    // Enough failures for the list's own retries of a read (and the project names beside it).
    api().controls.forceStatus(500, 20);
    const page = await extension().openOptions('/reports');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('Could not load reports');
    api().controls.forceStatus(500, 0);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await bodyRows(reportsTable(page)).first().waitFor();
    // Rows kept from an earlier visit may show before the service's answer, which then takes the alert away.
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    // Page 2 read once, so its rows are kept; then back to page 1.
    const settled = () => expect.poll(() => reportsTable(page).getAttribute('aria-busy')).not.toBe('true');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(/^Page 2 of/).waitFor();
    await settled();
    const pageTwo = await columnTexts(reportsTable(page), 2);
    expect(pageTwo).toHaveLength(10);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText(/^Page 1 of/).waitFor();
    await settled();

    api().controls.forceStatus(401, 1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('rejected your API key');
    // Page 2's kept rows, said to be saved data: never page 1's rows under page 2.
    expect(await columnTexts(reportsTable(page), 2)).toEqual(pageTwo);
    await page.getByText(/^Showing saved data/).waitFor();
    await page.getByRole('button', { name: 'Open settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(page.url()).toMatch(/#\/settings$/);
  });

  it('works with the keyboard only: the dialog holds the focus, Escape cancels, focus comes back', async () => {
    const page = await openReports();
    const firstDelete = bodyRows(reportsTable(page))
      .first()
      .getByRole('button', { name: /^Delete report for/ });
    await firstDelete.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      seen.add(await focusedDescription(page));
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Tab');
    }
    expect(seen).toEqual(new Set(['button:Cancel', 'button:Delete']));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedDescription(page)).toMatch(/^button:Delete report for /);

    // Sorting and paging from the keyboard.
    await page.getByRole('button', { name: 'URL', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'url', sort: 'asc' });
    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Space');
    await expectListQuery(api(), 'reports', { ...DEFAULT_QUERY, sort_by: 'url', sort: 'asc', page: '2' });
  });
});

async function fieldIndex(panel: ReturnType<typeof reportsTable>, name: string): Promise<number> {
  const names = await panel.locator('dt').allInnerTexts();
  return names.indexOf(name);
}

// The options page under faults ("Proved under faults"), against the reference API's switches
// in phpRank's dialect: for each fault the sentence and the action, how many requests reached the server
// (reads retried, writes sent once), and that afterwards the page shows what the server holds. One page
// serves all the rows of a table; a fault is switched on only once the page's own loading is answered.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_SENDS,
  closedPortUrl,
  dropped,
  eventually,
  expectOffered,
  FIELDS_REJECTED,
  KEY_REJECTED,
  listReads,
  malformed,
  NETWORK_ERRORS,
  NOT_UNDERSTOOD,
  READ_FAULTS,
  RECOVERING_READS,
  REDIRECTED,
  requestsTo,
  SERVER_PROBLEM,
  startsWith,
  status,
  TOO_SLOW,
  tryAgainIn,
  UNREACHABLE,
  until,
  WEB_PAGE,
  type Offered,
  type Provoke,
} from './faults-helpers';
import { useExtension, useReferenceApi, useTestServer, type ReferenceApi, type WithChrome } from './harness';
import { bodyRows, columnTexts, connect, reportsTable } from './options-helpers';
import { configure, openWebPage } from './popup-helpers';
import { readableUrl } from '../../lib/readable-url';

// Pages stay open between the rows of a table; each describe closes them when it ends.
const extension = useExtension({ closePages: false });
const api = useReferenceApi();
const web = useTestServer();

beforeEach(() => extension().allowConsoleErrors(NETWORK_ERRORS));

/** The newest reports on the server, as the table's URL column shows them. */
function newestUrls(api: ReferenceApi, count: number): string[] {
  return api.store
    .reports()
    .sort((a, b) => b.id - a.id)
    .slice(0, count)
    .map((report) => readableUrl(report.url));
}

/** Opens the Reports section and waits for its own loading (the list and the project names). */
async function openReports(hash = '/reports'): Promise<Page> {
  const page = await extension().openOptions(hash);
  // A row that fails should fail fast, not hold the rows after it for Playwright's 30 s.
  page.setDefaultTimeout(10_000);
  await until(async () => (await bodyRows(reportsTable(page)).count()) > 0, 'the reports');
  await until(async () => (await page.getByLabel('Project').locator('option').count()) > 1, 'the projects');
  await until(async () => (await page.getByText(/Loading reports…|Updating…/).count()) === 0, 'the list');
  return page;
}

const OPTIONS_READ_FAULTS = READ_FAULTS;

describe('reads: the report list (GET, retried)', () => {
  let page: Page;

  beforeAll(async () => {
    api().store.reset(true);
    await connect(extension(), api());
    page = await openReports();
  });
  afterAll(() => extension().closeExtraPages());

  /**
   * Switches "Per page" between 10 and 25: one read of the list. Returns the size now asked for. The rows
   * kept from an earlier visit of that view (the report store's catalog) are forgotten first, so every test
   * watches the read itself: the cache under a failing read has its own test (options-cache.test.ts).
   */
  async function flipPerPage(): Promise<number> {
    await extension().serviceWorker.evaluate(async () => {
      const area = (globalThis as unknown as WithChrome).chrome.storage.session;
      const kept = Object.keys(await area.get(null)).filter((key) => key.endsWith(':store'));
      await area.remove(kept);
    });
    const next = (await page.getByLabel('Per page').inputValue()) === '10' ? 25 : 10;
    await page.getByLabel('Per page').selectOption(String(next));
    return next;
  }

  async function expectServerRows(perPage: number): Promise<void> {
    await eventually(() => columnTexts(reportsTable(page), 2)).toEqual(newestUrls(api(), perPage));
  }

  it.each(OPTIONS_READ_FAULTS)('$name', async (fault) => {
    api().controls.reset();
    fault.provoke(api(), fault.forced);
    const perPage = await flipPerPage();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toMatch(startsWith('Could not load reports', fault.sentence));
    await expectOffered(alert, fault.offered);
    expect(listReads(api()).length).toBeGreaterThanOrEqual(fault.requests.atLeast);
    expect(listReads(api()).length).toBeLessThanOrEqual(fault.requests.atMost);
    // The rows of the size asked before do not stand under this one (none were kept for it); nothing
    // changed on the server, and the next read (Retry, where offered) shows it. The next row starts with
    // no error on show.
    expect(await reportsTable(page).count()).toBe(0);
    api().controls.reset();
    let next = perPage;
    if (fault.offered === 'retry') await alert.getByRole('button', { name: 'Retry' }).click();
    else next = await flipPerPage();
    await alert.waitFor({ state: 'detached' });
    await expectServerRows(next);
  });

  it.each(RECOVERING_READS)('$name: the read succeeds, no error shown', async (fault) => {
    api().controls.reset();
    fault.provoke(api(), fault.failures);
    const started = Date.now();
    const perPage = await flipPerPage();
    await expectServerRows(perPage);
    expect(Date.now() - started).toBeGreaterThanOrEqual(fault.waitsAtLeastMs);
    expect(listReads(api())).toHaveLength(fault.failures + 1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('429 with Retry-After: 3 on a read: the wait is shown while it lasts, then the list', async () => {
    api().controls.reset();
    status(429, undefined, { 'Retry-After': '3' })(api(), 1);
    const perPage = await flipPerPage();
    const wait = page.getByRole('status').filter({ hasText: /asked to slow down: trying again at/ });
    await wait.waitFor({ timeout: 2500 });
    await expectServerRows(perPage);
    expect(listReads(api())).toHaveLength(2);
    // Gone once the wait is over.
    await wait.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('a server slower than the 15 s timeout: said once, not asked again, Retry works', async () => {
    api().controls.reset();
    api().controls.setLatency(16_000);
    const perPage = await flipPerPage();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toMatch(startsWith('Could not load reports', TOO_SLOW));
    await expectOffered(alert, 'retry');
    // A timeout is not retried: asking again would only double the wait.
    expect(listReads(api())).toHaveLength(1);
    api().controls.setLatency(0);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'detached' });
    await expectServerRows(perPage);
  }, 40_000);
});

describe('the API down (connection refused)', () => {
  afterAll(() => extension().closeExtraPages());

  it('says the service cannot be reached and offers Retry', async () => {
    await configure(extension(), await closedPortUrl(), 'any-key');
    const page = await extension().openOptions('/reports');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toMatch(startsWith('Could not load reports', UNREACHABLE));
    await expectOffered(alert, 'retry');
  });
});

/** A write's fault: what is shown, what is offered, and how many requests reached the server. */
interface WriteFault {
  name: string;
  provoke: Provoke;
  /** Forced answers: more than one where the browser itself may send the request again (a dropped connection). */
  forced?: number;
  sentence: RegExp;
  offered: Offered;
  /** The field the server's 422 message is shown next to. */
  field?: { label: string; message: string };
  /** How many reached the server at most: 1, the extension's one request, unless the browser resends it. */
  atMost?: number;
}

// Every send of the one request is dropped, so the extension sees the failure (see BROWSER_SENDS).
const DROPPED: Pick<WriteFault, 'provoke' | 'forced' | 'atMost'> = {
  provoke: dropped,
  forced: BROWSER_SENDS,
  atMost: BROWSER_SENDS,
};

const DELETE_FAULTS: WriteFault[] = [
  { name: '401', provoke: status(401), sentence: KEY_REJECTED, offered: 'settings' },
  {
    name: '429 with Retry-After: 30',
    provoke: status(429, undefined, { 'Retry-After': '30' }),
    sentence: tryAgainIn(30),
    offered: 'retry',
  },
  { name: '500', provoke: status(500), sentence: SERVER_PROBLEM, offered: 'retry' },
  { name: '503 (not retried)', provoke: status(503), sentence: SERVER_PROBLEM, offered: 'retry' },
  {
    name: 'a 302 to the login page',
    provoke: status(302, undefined, { Location: '/login' }),
    sentence: REDIRECTED,
    offered: 'retry',
  },
  { name: 'an HTML login page (200)', provoke: malformed('html'), sentence: WEB_PAGE, offered: 'retry' },
  { name: 'the connection dropped', ...DROPPED, sentence: UNREACHABLE, offered: 'retry' },
  {
    name: '403',
    provoke: status(403),
    sentence: /Your account is not allowed to see or change this report\./,
    offered: 'nothing',
  },
  {
    name: 'a web server’s HTML 404 page is not “already deleted”',
    provoke: status(404, '<!doctype html><title>404 Not Found</title><h1>Not Found</h1>'),
    sentence: /No API was found at this address \(HTTP 404\)\. Check the API base URL in Settings\./,
    offered: 'retry',
  },
];

describe('writes: delete a report (DELETE, never retried)', () => {
  let page: Page;

  beforeAll(async () => {
    api().store.reset(true);
    await connect(extension(), api());
    page = await openReports();
  });
  afterEach(async () => {
    // A row that failed may leave its dialog open: the next row starts from the table.
    const cancel = page.getByRole('dialog').getByRole('button', { name: 'Cancel' });
    if (await cancel.isVisible()) await cancel.click();
  });
  afterAll(() => extension().closeExtraPages());

  it.each(DELETE_FAULTS)('$name', async (fault) => {
    api().controls.reset();
    const row = bodyRows(reportsTable(page)).first();
    const url = await row.locator('th').innerText();
    const report = api()
      .store.reports()
      .find((item) => readableUrl(item.url) === url)!;
    await row.getByRole('button', { name: /^Delete report for/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete report?' });
    fault.provoke(api(), fault.forced ?? 1, { method: 'DELETE' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(startsWith('Could not delete the report', fault.sentence));
    await expectOffered(alert, fault.offered);
    const deletes = requestsTo(api(), 'DELETE', `/api/v1/reports/${report.id}`);
    expect(deletes.length).toBeGreaterThanOrEqual(1);
    expect(deletes.length).toBeLessThanOrEqual(fault.atMost ?? 1);
    // The server still has it, and so does the table.
    expect(api().store.report(report.id)).toBeDefined();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await reportsTable(page).getByText(url, { exact: true }).count()).toBe(1);
  });
});

const PRIVACY_INVALID = 'The selected privacy is invalid.';

const SAVE_FAULTS: WriteFault[] = [
  { name: '401', provoke: status(401), sentence: KEY_REJECTED, offered: 'settings' },
  {
    name: '422 in phpRank’s shape ({message: {field: [...]}, status})',
    provoke: status(422, { message: { privacy: [PRIVACY_INVALID] }, status: 422 }),
    sentence: FIELDS_REJECTED,
    offered: 'nothing',
    field: { label: 'Privacy', message: PRIVACY_INVALID },
  },
  {
    name: '422 in Laravel’s shape ({message, errors})',
    provoke: status(422, { message: PRIVACY_INVALID, errors: { privacy: [PRIVACY_INVALID] } }),
    sentence: FIELDS_REJECTED,
    offered: 'nothing',
    field: { label: 'Privacy', message: PRIVACY_INVALID },
  },
  {
    name: '429 with Retry-After: 30',
    provoke: status(429, undefined, { 'Retry-After': '30' }),
    sentence: tryAgainIn(30),
    offered: 'retry',
  },
  { name: '500', provoke: status(500), sentence: SERVER_PROBLEM, offered: 'retry' },
  { name: '504 (not retried)', provoke: status(504), sentence: SERVER_PROBLEM, offered: 'retry' },
  {
    name: 'malformed JSON (200)',
    provoke: malformed('broken-json'),
    sentence: NOT_UNDERSTOOD,
    offered: 'retry',
  },
  { name: 'the connection dropped', ...DROPPED, sentence: UNREACHABLE, offered: 'retry' },
];

describe('writes: save a report’s privacy (PATCH, never retried)', () => {
  let page: Page;
  let panel: Locator;
  let id: number;

  beforeAll(async () => {
    api().store.reset(true);
    await connect(extension(), api());
    // A public report on the first page, whose address is there once: its row is found by it.
    const firstPage = api()
      .store.reports()
      .sort((a, b) => b.id - a.id)
      .slice(0, 10);
    id = firstPage.find(
      (report) => report.privacy === 0 && firstPage.filter((other) => other.url === report.url).length === 1,
    )!.id;
    page = await openReports(`/reports?details=${id}`);
    panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
  });
  afterAll(() => extension().closeExtraPages());

  it.each(SAVE_FAULTS)('$name', async (fault) => {
    // A fresh panel, so the error checked is this row's, not the one before.
    await panel.getByRole('button', { name: 'Close details' }).click();
    const row = bodyRows(reportsTable(page)).filter({ hasText: api().store.report(id)!.url });
    await row.getByRole('button', { name: 'Details' }).click();
    await panel.getByText('All fields').waitFor();
    api().controls.reset();
    const before = api().store.report(id);
    // Another privacy than the server's, so there is a change to send.
    await panel.getByLabel('Privacy').selectOption('1');
    fault.provoke(api(), fault.forced ?? 1, { method: 'PATCH' });
    await panel.getByRole('button', { name: 'Save changes' }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(startsWith('Could not save changes', fault.sentence));
    await expectOffered(alert, fault.offered);
    if (fault.field) {
      const field = panel.getByLabel(fault.field.label);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await field.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).innerText()).toBe(fault.field.message);
    }
    const patches = requestsTo(api(), 'PATCH', `/api/v1/reports/${id}`);
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(patches.length).toBeLessThanOrEqual(fault.atMost ?? 1);
    expect(api().store.report(id)).toEqual(before);
    // The table still shows what the server holds.
    expect(await row.locator('td').nth(3).innerText()).toBe('Public');
  });
});

describe('a report deleted elsewhere while its row is shown', () => {
  beforeEach(async () => {
    api().store.reset(true);
    await connect(extension(), api());
  });
  afterAll(() => extension().closeExtraPages());

  it('Delete: the service’s 404 counts as deleted, the row leaves without an error', async () => {
    const page = await openReports();
    const url = newestUrls(api(), 1)[0]!;
    const report = api()
      .store.reports()
      .find((item) => readableUrl(item.url) === url)!;
    api().store.deleteReport(report.id);
    api().controls.reset();
    await bodyRows(reportsTable(page))
      .filter({ hasText: url })
      .getByRole('button', { name: /^Delete report for/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete report?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(requestsTo(api(), 'DELETE', `/api/v1/reports/${report.id}`).map((r) => r.status)).toEqual([404]);
    expect(await page.getByRole('alert').count()).toBe(0);
    await eventually(() => columnTexts(reportsTable(page), 2)).toEqual(newestUrls(api(), 10));
  });

  it('two options pages and a popup: deleted in one, the other says it is gone on its next action', async () => {
    const url = newestUrls(api(), 1)[0]!;
    const report = api()
      .store.reports()
      .find((item) => readableUrl(item.url) === url)!;
    const first = await openReports();
    const second = await openReports();
    const tab = await openWebPage(extension(), `${web().url}/article?two-pages`);
    let popup = await extension().openActionPopup(tab);
    const recent = popup.getByRole('list', { name: 'Recent reports' });
    await recent.getByTitle(url, { exact: true }).waitFor();

    // Deleted in the first page.
    api().controls.reset();
    await bodyRows(reportsTable(first))
      .filter({ hasText: url })
      .getByRole('button', { name: /^Delete report for/ })
      .click();
    await first
      .getByRole('dialog', { name: 'Delete report?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    // The server's list is read once the delete reached it, not while the click is still on its way.
    await eventually(() => api().store.report(report.id)).toBeUndefined();
    await eventually(() => columnTexts(reportsTable(first), 2)).toEqual(newestUrls(api(), 10));

    // The second page still shows it; its next action on it learns it is gone, and the row leaves.
    const row = bodyRows(reportsTable(second)).filter({ hasText: url });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Details' }).click();
    const panel = second.getByRole('region', { name: 'Report details' });
    await panel
      .getByRole('alert')
      .getByText(`Could not load report ${report.id}: That report no longer exists on the service.`)
      .waitFor();
    await expectOffered(panel.getByRole('alert'), 'nothing');
    await eventually(() => columnTexts(reportsTable(second), 2)).toEqual(newestUrls(api(), 10));
    expect(requestsTo(api(), 'DELETE', `/api/v1/reports/${report.id}`)).toHaveLength(1);

    // The popup, opened again, no longer lists it.
    await extension().closeActionPopup();
    popup = await extension().openActionPopup(tab);
    const fresh = popup.getByRole('list', { name: 'Recent reports' });
    await eventually(() => popup.getByText(/checking for changes/).count()).toBe(0);
    expect(await fresh.getByRole('listitem').count()).toBe(5);
    expect(await fresh.getByTitle(url, { exact: true }).count()).toBe(0);
  });
});

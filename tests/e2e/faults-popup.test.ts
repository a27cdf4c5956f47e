// The popup under faults ("Proved under faults"), against the reference API's switches in
// phpRank's dialect: for each fault the sentence and the action, how many requests reached the server
// (reads retried, writes sent once), and that afterwards the popup shows what the server holds. One
// popup serves all the rows of a table; a fault is switched on only once the popup's own lookups are
// answered, so it hits the request the row is about.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_SENDS,
  dropped,
  badgeFor,
  closedPortUrl,
  eventually,
  expectOffered,
  FIELDS_REJECTED,
  KEY_REJECTED,
  listReads,
  malformed,
  NETWORK_ERRORS,
  NOT_ALLOWED,
  READ_FAULTS,
  RECOVERING_READS,
  requestsTo,
  SCORED,
  startsWith,
  status,
  TRY_AGAIN_AFTER,
  UNREACHABLE,
  until,
  type Offered,
  type Provoke,
} from './faults-helpers';
import { useExtension, useReferenceApi, useTestServer, type ReferenceApi } from './harness';
import { configure, creations, openWebPage } from './popup-helpers';

// Pages stay open between the rows of a table; each describe closes them when it ends.
const extension = useExtension({ closePages: false });
const api = useReferenceApi({ analysisDelayMs: 200 });
const web = useTestServer();

beforeEach(() => extension().allowConsoleErrors(NETWORK_ERRORS));

/** Opens the real popup over a tab showing `path` of the test server. */
async function popupOver(path: string): Promise<{ tab: Page; popup: Page; url: string }> {
  const url = `${web().url}${path}`;
  const tab = await openWebPage(extension(), url);
  const popup = await extension().openActionPopup(tab);
  return { tab, popup, url };
}

/** Waits until the popup's lookups are answered: the page's report (or none) and the recent list. */
async function settled(popup: Page): Promise<void> {
  await popup
    .getByText(/^This page has no report yet\.$|^Report for this page$/)
    .first()
    .waitFor();
  await until(
    async () =>
      (await popup.getByText(/Looking for a report|Loading recent|checking for changes/).count()) === 0,
    'the popup’s lookups',
  );
}

function recentRegion(popup: Page): Locator {
  return popup.getByRole('region', { name: 'Recent reports' });
}

function recentItems(popup: Page): Promise<string[]> {
  return recentRegion(popup).getByRole('listitem').allInnerTexts();
}

function card(popup: Page): Locator {
  return popup.getByRole('article', { name: 'Report for this page' });
}

describe('reads: the recent list (GET, retried)', () => {
  let popup: Page;
  /** The list the server gives, for all sites and for this site only. */
  const lists: Record<'all' | 'site', string[]> = { all: [], site: [] };

  beforeAll(async () => {
    api().store.reset(true);
    await configure(extension(), api().url, api().apiKey);
    ({ popup } = await popupOver('/article?reads'));
    await settled(popup);
    await until(async () => (await recentItems(popup)).length === 5, 'five recent reports');
    lists.all = await recentItems(popup);
    const toggle = popup.getByRole('checkbox', { name: 'This site only' });
    await toggle.check();
    await settled(popup);
    lists.site = await recentItems(popup);
    await toggle.uncheck();
    await settled(popup);
    expect(await recentItems(popup)).toEqual(lists.all);
  });
  afterAll(() => extension().closeExtraPages());

  /** Flips "This site only": one read of the recent list. Returns which list is now asked for. */
  async function toggleSiteOnly(): Promise<'all' | 'site'> {
    const toggle = popup.getByRole('checkbox', { name: 'This site only' });
    const siteOnly = !(await toggle.isChecked());
    await toggle.setChecked(siteOnly);
    return siteOnly ? 'site' : 'all';
  }

  it.each(READ_FAULTS)('$name', async (fault) => {
    api().controls.reset();
    fault.provoke(api(), fault.forced);
    const which = await toggleSiteOnly();
    const alert = recentRegion(popup).getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    const { sentence, offered } = fault.popup ?? fault;
    expect(await alert.innerText()).toMatch(startsWith('Could not load recent reports', sentence));
    await expectOffered(alert, offered);
    expect(listReads(api()).length).toBeGreaterThanOrEqual(fault.requests.atLeast);
    expect(listReads(api()).length).toBeLessThanOrEqual(fault.requests.atMost);
    // Nothing changed on the server: the next read (Retry, where offered) shows exactly its list, and the
    // next row starts with no error on show.
    api().controls.reset();
    let next = which;
    if (offered === 'retry') await alert.getByRole('button', { name: 'Retry' }).click();
    else next = await toggleSiteOnly();
    await eventually(() => recentRegion(popup).getByRole('alert').count()).toBe(0);
    await settled(popup);
    expect(await recentItems(popup)).toEqual(lists[next]);
  });

  it.each(RECOVERING_READS)('$name: the read succeeds, no error shown', async (fault) => {
    api().controls.reset();
    fault.provoke(api(), fault.failures);
    const started = Date.now();
    const which = await toggleSiteOnly();
    await expect.poll(() => listReads(api()).at(-1)?.status, { timeout: 10_000 }).toBe(200);
    const elapsed = Date.now() - started;
    await eventually(() =>
      recentRegion(popup)
        .getByText(/checking for changes/)
        .count(),
    ).toBe(0);
    await eventually(() => recentItems(popup)).toEqual(lists[which]);
    expect(await popup.getByRole('alert').count()).toBe(0);
    expect(listReads(api())).toHaveLength(fault.failures + 1);
    expect(elapsed).toBeGreaterThanOrEqual(fault.waitsAtLeastMs);
  });

  it('429 with Retry-After: 3: the wait is shown while it lasts, then the list', async () => {
    api().controls.reset();
    status(429, undefined, { 'Retry-After': '3' })(api(), 1);
    const which = await toggleSiteOnly();
    const wait = popup.getByRole('status').filter({ hasText: /asked to slow down: trying again at/ });
    await wait.waitFor({ timeout: 2500 });
    // The cached list shows at once; the read that waited arrives after the wait.
    await expect.poll(() => listReads(api()).at(-1)?.status, { timeout: 10_000 }).toBe(200);
    expect(listReads(api())).toHaveLength(2);
    await eventually(() => recentItems(popup)).toEqual(lists[which]);
    await wait.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('a server slower than the 15 s timeout: said once, not asked again, Retry works', async () => {
    api().controls.reset();
    api().controls.setLatency(16_000);
    await toggleSiteOnly();
    const alert = recentRegion(popup).getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toMatch(/took too long to answer/);
    expect(listReads(api())).toHaveLength(1);
    api().controls.setLatency(0);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => recentRegion(popup).getByRole('alert').count()).toBe(0);
  }, 45_000);
});

/** A create's fault: what is shown, and whether the popup then looks the page up again. */
interface WriteFault {
  name: string;
  provoke: Provoke;
  sentence: RegExp;
  offered: Offered;
  /** The field the server's 422 message is shown next to. */
  field?: { label: string; message: string };
  /** The write may have happened: instead of Retry, the popup asks the server what it has. */
  looksUp?: boolean;
  /** Forced answers, when more than one: every send of a dropped request (BROWSER_SENDS). */
  forced?: number;
  /** How many reached the server at most: 1, unless the browser resends a dropped request. */
  atMost?: number;
}

const PRIVACY_INVALID = 'The selected privacy is invalid.';
const CURL_6 =
  'cURL error 6: Could not resolve host: example.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)';
// Loose on purpose: what matters is that it says the report was probably created; the rest of the
// sentence is the client's to word.
const PROBABLY_CREATED = /[^\n]*probably created/;
const MAY_HAVE_CREATED = /[^\n]*may have created the report/;
const MAY_HAVE_REGENERATED = /[^\n]*may have regenerated the report/;

const CREATE_FAULTS: WriteFault[] = [
  { name: '401', provoke: status(401), sentence: KEY_REJECTED, offered: 'settings' },
  { name: '403', provoke: status(403), sentence: NOT_ALLOWED, offered: 'nothing' },
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
    sentence: TRY_AGAIN_AFTER,
    offered: 'nothing',
  },
  // A 2xx the client cannot read: the report exists, so no Retry; the popup looks the page up.
  {
    name: 'an HTML page (200)',
    provoke: malformed('html'),
    sentence: /The server answered with a web page instead of the API’s data/,
    offered: 'nothing',
    looksUp: true,
  },
  {
    name: 'malformed JSON (200)',
    provoke: malformed('broken-json'),
    sentence: PROBABLY_CREATED,
    offered: 'nothing',
    looksUp: true,
  },
  {
    name: 'JSON of the wrong shape (200)',
    provoke: malformed('wrong-shape'),
    sentence: PROBABLY_CREATED,
    offered: 'nothing',
    looksUp: true,
  },
  // Not a refusal: the service may have made the report before it failed. No Retry; the page is looked up.
  ...[500, 502, 503, 504].map((code): WriteFault => ({
    name: `${code}`,
    provoke: status(code),
    sentence: MAY_HAVE_CREATED,
    offered: 'nothing',
    looksUp: true,
  })),
  {
    name: 'a 302 to the login page',
    provoke: status(302, undefined, { Location: '/login' }),
    sentence: MAY_HAVE_CREATED,
    offered: 'nothing',
    looksUp: true,
  },
  {
    name: 'the connection dropped',
    provoke: dropped,
    forced: BROWSER_SENDS,
    atMost: BROWSER_SENDS,
    sentence: MAY_HAVE_CREATED,
    offered: 'nothing',
    looksUp: true,
  },
];

/**
 * Sends the write and waits for its own error, not the previous row's: the answer is held until the old
 * error has gone (when the write starts). A fixed delay could end before a busy CPU showed that.
 */
async function sendAndWaitForNewAlert(alert: Locator, send: () => Promise<void>): Promise<void> {
  const release = api().controls.holdAnswers();
  try {
    await send();
    await alert.waitFor({ state: 'detached' });
  } finally {
    release();
  }
  await alert.waitFor();
  // Drops the browser did not use up (it resent the write fewer times than forced) must not hit the
  // next row's write.
  api().controls.dropNext(0);
}

/** Waits until the popup has asked the server again after a write (a fault set later must not hit that). */
async function lookedUp(api: ReferenceApi, popup: Page, atLeast: number): Promise<void> {
  const answeredReads = () =>
    api.requests.filter((request) => request.method === 'GET' && request.status !== undefined);
  await eventually(() => answeredReads().length).toBeGreaterThanOrEqual(atLeast);
  await eventually(() =>
    popup.getByText(/Looking for a report|Loading recent|checking for changes/).count(),
  ).toBe(0);
}

describe('writes: create (POST, never retried)', () => {
  let popup: Page;

  beforeAll(async () => {
    api().store.reset(true);
    await configure(extension(), api().url, api().apiKey);
    ({ popup } = await popupOver('/article?creates'));
    await settled(popup);
  });
  afterAll(() => extension().closeExtraPages());

  it.each(CREATE_FAULTS)('$name', async (fault) => {
    api().controls.reset();
    const before = api().store.count();
    const form = popup.getByRole('form', { name: 'Create a report' });
    fault.provoke(api(), fault.forced ?? 1, { method: 'POST' });
    const alert = form.getByRole('alert');
    await sendAndWaitForNewAlert(alert, () => form.getByRole('button', { name: 'Create report' }).click());
    expect(await alert.innerText()).toMatch(startsWith('Could not create the report', fault.sentence));
    await expectOffered(alert, fault.offered);
    if (fault.field) {
      const field = form.getByRole('combobox', { name: fault.field.label });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await field.getAttribute('aria-describedby');
      expect(await popup.locator(`#${describedBy}`).innerText()).toBe(fault.field.message);
    }
    if (fault.looksUp) {
      // This page's report and the recent list, asked again after the POST.
      await lookedUp(api(), popup, 2);
    }
    expect(creations(api()).length).toBeGreaterThanOrEqual(1);
    expect(creations(api()).length).toBeLessThanOrEqual(fault.atMost ?? 1);
    // The fault stood in for the service: nothing was created, and the popup says so.
    expect(api().store.count()).toBe(before);
    expect(await popup.getByText('This page has no report yet.').count()).toBe(1);
    expect(await card(popup).count()).toBe(0);
  });

  it('429 with a short wait: the time is said, Retry appears when it is over and then creates once', async () => {
    api().controls.reset();
    const form = popup.getByRole('form', { name: 'Create a report' });
    status(429, undefined, { 'Retry-After': '2' })(api(), 1, { method: 'POST' });
    const alert = form.getByRole('alert');
    await sendAndWaitForNewAlert(alert, () => form.getByRole('button', { name: 'Create report' }).click());
    expect(await alert.innerText()).toMatch(TRY_AGAIN_AFTER);
    await expectOffered(alert, 'nothing');
    const retry = alert.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 4000 });
    await retry.click();
    await card(popup).getByText(SCORED).waitFor({ timeout: 10_000 });
    const statuses = creations(api()).map((request) => request.status ?? 0);
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toBe(429);
    expect(statuses[1]).toBeLessThan(300);
    const created = api()
      .store.reports()
      .filter((report) => report.url.endsWith('/article?creates'));
    expect(created).toHaveLength(1);
    expect(await card(popup).getByText(SCORED).innerText()).toBe(badgeFor(created[0]!.result));
  });
});

const REGENERATE_FAULTS: WriteFault[] = [
  { name: '401', provoke: status(401), sentence: KEY_REJECTED, offered: 'settings' },
  {
    name: '422: the service could not fetch the page again',
    provoke: status(422, { message: { results: [CURL_6] }, status: 422 }),
    sentence: /The service could not analyse the page again: Could not resolve host: example\.invalid\n/,
    offered: 'nothing',
  },
  {
    name: '429 with Retry-After: 30',
    provoke: status(429, undefined, { 'Retry-After': '30' }),
    sentence: TRY_AGAIN_AFTER,
    offered: 'nothing',
  },
  ...[500, 503].map((code): WriteFault => ({
    name: `${code}`,
    provoke: status(code),
    sentence: MAY_HAVE_REGENERATED,
    offered: 'nothing',
    looksUp: true,
  })),
  {
    name: 'the connection dropped',
    provoke: dropped,
    forced: BROWSER_SENDS,
    atMost: BROWSER_SENDS,
    sentence: MAY_HAVE_REGENERATED,
    offered: 'nothing',
    looksUp: true,
  },
  {
    name: 'malformed JSON (200)',
    provoke: malformed('broken-json'),
    sentence: /[^\n]*probably regenerated/,
    offered: 'nothing',
    looksUp: true,
  },
];

describe('writes: regenerate (PATCH, never retried)', () => {
  let popup: Page;
  let id: number;

  beforeAll(async () => {
    api().store.reset(true);
    await configure(extension(), api().url, api().apiKey);
    id = api().store.create({ url: `${web().url}/article?regenerate`, privacy: 0 }).id;
    ({ popup } = await popupOver('/article?regenerate'));
    await settled(popup);
    await card(popup).getByText(SCORED).waitFor();
  });
  afterAll(() => extension().closeExtraPages());

  it.each(REGENERATE_FAULTS)('$name', async (fault) => {
    api().controls.reset();
    const before = api().store.report(id);
    fault.provoke(api(), fault.forced ?? 1, { method: 'PATCH' });
    const alert = card(popup).getByRole('alert');
    await sendAndWaitForNewAlert(alert, () =>
      card(popup).getByRole('button', { name: 'Regenerate' }).click(),
    );
    expect(await alert.innerText()).toMatch(startsWith('Could not regenerate the report', fault.sentence));
    await expectOffered(alert, fault.offered);
    // The report read again after the PATCH.
    if (fault.looksUp) await lookedUp(api(), popup, 1);
    const patches = requestsTo(api(), 'PATCH', `/api/v1/reports/${id}`);
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(patches.length).toBeLessThanOrEqual(fault.atMost ?? 1);
    expect(api().store.report(id)).toEqual(before);
    expect(await card(popup).getByText(badgeFor(before!.result)).count()).toBe(1);
  });

  // Last: it deletes the report this describe uses.
  it('a report deleted elsewhere: Regenerate says it is gone, and its card goes', async () => {
    api().controls.reset();
    api().store.deleteReport(id);
    await card(popup).getByRole('button', { name: 'Regenerate' }).click();
    await popup.getByText('This page has no report yet.').waitFor({ timeout: 5000 });
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${id}`).map((request) => request.status)).toEqual([
      403,
    ]);
    expect(await card(popup).count()).toBe(0);
    const gone = popup.getByRole('alert').filter({ hasText: 'This report no longer exists on the service.' });
    expect(await gone.count()).toBe(1);
    await expectOffered(gone, 'nothing');
  });
});

describe('the API down (connection refused)', () => {
  afterAll(() => extension().closeExtraPages());

  it('says the service cannot be reached, offers Retry, and keeps the form', async () => {
    await configure(extension(), await closedPortUrl(), 'any-key');
    const { popup } = await popupOver('/article?refused');
    const alert = popup.getByRole('alert');
    // Each lookup tries 3 times; then one banner says it: the recent list's failure is the same one.
    await popup.getByText('Could not look up this page’s report').waitFor({ timeout: 15_000 });
    await eventually(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toMatch(startsWith('Could not look up this page’s report', UNREACHABLE));
    // The browser's own words are put away, not shown under the sentence.
    expect(await alert.innerText()).not.toContain('Failed to fetch');
    await alert.getByText('Technical details').click();
    await alert.getByText('TypeError: Failed to fetch').waitFor();
    await expectOffered(alert, 'retry');
    expect(await popup.getByRole('button', { name: 'Create report' }).isEnabled()).toBe(true);
  });
});

describe('the worker stopped in the middle of a write', () => {
  beforeEach(async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
  });
  afterAll(() => extension().closeExtraPages());

  it('during a create: one POST, and the next popup finds the report the service made', async () => {
    const { tab, popup, url } = await popupOver('/article?stopped-create');
    await settled(popup);
    api().controls.setAnalysisDelay(4000);
    await popup.getByRole('button', { name: 'Create report' }).click();
    await eventually(() => creations(api())).toHaveLength(1);
    // Closed first: the person went on; an open popup would wake the worker again at once.
    await extension().closeActionPopup();
    await extension().stopServiceWorker();
    await extension().startServiceWorker();
    // The service finishes its analysis whatever became of the worker that asked.
    await expect.poll(() => api().store.count(), { timeout: 10_000 }).toBe(1);

    const again = await extension().openActionPopup(tab);
    await card(again).getByText(SCORED).waitFor({ timeout: 10_000 });
    const [report] = api().store.reports();
    expect(await card(again).getByText(SCORED).innerText()).toBe(badgeFor(report!.result));
    expect(await again.getByText('Analysing the page…').count()).toBe(0);
    // Nothing invites a second create (the popup may say the first one was interrupted).
    expect(await again.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(creations(api()).map((request) => request.body)).toEqual([{ url, privacy: '0' }]);
  });

  it('during a regenerate: one PATCH, and the next popup shows the new result', async () => {
    const report = api().store.create({ url: `${web().url}/article?stopped-regenerate`, privacy: 0 });
    const { tab, popup } = await popupOver('/article?stopped-regenerate');
    await card(popup).getByText(SCORED).waitFor();
    await settled(popup);
    const generatedBefore = api().store.report(report.id)!.generated_at;
    api().controls.setAnalysisDelay(4000);
    await card(popup).getByRole('button', { name: 'Regenerate' }).click();
    const patches = () => requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`);
    await eventually(patches).toHaveLength(1);
    await extension().closeActionPopup();
    await extension().stopServiceWorker();
    await extension().startServiceWorker();
    await expect
      .poll(() => api().store.report(report.id)!.generated_at, { timeout: 10_000 })
      .not.toBe(generatedBefore);

    const again = await extension().openActionPopup(tab);
    const stored = api().store.report(report.id)!;
    await card(again).getByText(badgeFor(stored.result), { exact: true }).waitFor({ timeout: 10_000 });
    expect(await again.getByRole('alert').count()).toBe(0);
    expect(await card(again).getByRole('button', { name: 'Regenerate' }).isEnabled()).toBe(true);
    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.body).toEqual({ results: '1' });
  });
});

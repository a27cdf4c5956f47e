// The extension against the reference API speaking phpRank (shared/SERVICE.md), its default dialect:
// 0–100 scores, addresses stored without scheme, synchronous and slow creates, its own 422 body, 403 on
// updating a report that is gone, the sort it really applied, GET /account, project sums.
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, screenshot, useExtension, useReferenceApi, useTestServer } from './harness';
import { bodyRows, connect, projectsTable, reportsTable, requestsTo, waitForRows } from './options-helpers';
import { configure, creations, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ analysisDelayMs: 1200 });
const web = useTestServer();

const SCORED = /^(Good|Decent|Bad) · \d{1,3}$/;

async function openPopupOn(path: string) {
  const url = `${web().url}${path}`;
  const tab = await openWebPage(extension(), url);
  const popup = await extension().openActionPopup(tab);
  return { tab, popup, url };
}

/** The address as phpRank stores it: no scheme. */
const stored = (url: string) => url.replace(/^https?:\/\//, '');

describe('phpRank: the popup', () => {
  beforeEach(async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
  });

  it('creates a report: "Analysing the page…" while the service works, then the score, its top issues and its page on the service', async () => {
    const { popup, url } = await openPopupOn('/article?create');
    await popup.getByRole('button', { name: 'Create report' }).click();
    await popup.getByText('Analysing the page…').waitFor();

    const card = popup.getByRole('article', { name: 'Report for this page' });
    const badge = card.getByText(SCORED);
    await badge.waitFor({ timeout: 15_000 });
    expect(creations(api()).map((request) => request.body)).toEqual([{ url, privacy: '0' }]);
    const [report] = api().store.reports();
    expect(report?.url).toBe(stored(url));
    expect(await badge.innerText()).toBe(
      `${bandWord(report!.result)} · ${Math.round(Number(report!.result))}`,
    );
    expect(
      await card.getByText(/^(Issues: \d+ high · \d+ medium · \d+ low · \d+ passed|No issues)/).count(),
    ).toBe(1);
    const top = card.getByRole('list', { name: 'Most important issues' }).getByRole('listitem');
    expect(await top.count()).toBeGreaterThan(0);
    expect(await top.count()).toBeLessThanOrEqual(3);
    expect(await card.getByRole('link', { name: 'Open on the service' }).getAttribute('href')).toBe(
      `${api().url}/reports/${report!.id}`,
    );
    await screenshot(popup, 'popup-phprank-scored');
    expect((await checkBothSchemes(popup, 'popup-phprank-scored')).violations).toEqual([]);
  });

  it('a create keeps going when the popup closes: the next popup shows it running, then its report, with one request', async () => {
    api().controls.setAnalysisDelay(8000);
    const first = await openPopupOn('/article?closed');
    await first.popup.getByRole('button', { name: 'Create report' }).click();
    await first.popup.getByText('Analysing the page…').waitFor();
    await expect.poll(() => creations(api()).length).toBe(1);
    await extension().closeActionPopup();

    const popup = await extension().openActionPopup(first.tab);
    await popup.getByText('Analysing the page…').waitFor();
    expect(await popup.getByRole('button', { name: 'Create report' }).isDisabled()).toBe(true);
    await popup
      .getByRole('article', { name: 'Report for this page' })
      .getByText(SCORED)
      .waitFor({ timeout: 20_000 });
    expect(creations(api())).toHaveLength(1);
  });

  it('recognises the page’s report stored without scheme, and regenerates it synchronously', async () => {
    const url = `${web().url}/article?existing`;
    api().store.create({ url: `${url}&other`, privacy: 0 });
    const existing = api().store.create({ url, privacy: 1 });

    const { popup } = await openPopupOn('/article?existing');
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText(SCORED).waitFor();
    expect(await card.getByText('Private').count()).toBe(1);
    const lookup = api().requests.find((request) => request.query.search === stored(url));
    expect(lookup?.query).toMatchObject({ search_by: 'url', sort_by: 'id', sort: 'desc' });

    await card.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => requestsTo(api(), 'PATCH', `/api/v1/reports/${existing.id}`).length).toBe(1);
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${existing.id}`)[0]?.body).toEqual({ results: '1' });
    // The service analyses the page again before it answers (analysisDelayMs).
    await expect
      .poll(() => card.getByRole('button', { name: 'Regenerate' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    expect(await card.getByText(SCORED).count()).toBe(1);
    expect(await card.getByText('Generating…').count()).toBe(0);
  });

  it('finds the report of a page the service was redirected from', async () => {
    const from = `${web().url}/article?old`;
    const to = `${web().url}/article?new`;
    api().controls.setRedirect(from, to);
    const { popup, tab } = await openPopupOn('/article?old');
    await popup.getByRole('button', { name: 'Create report' }).click();
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText(SCORED).waitFor({ timeout: 15_000 });
    expect(
      api()
        .store.reports()
        .map((report) => report.url),
    ).toEqual([stored(to)]);

    // A new session: nothing cached, yet the report is found again under the address it landed on.
    await extension().closeActionPopup();
    await extension().clearStorage('session');
    const again = await extension().openActionPopup(tab);
    await again.getByRole('article', { name: 'Report for this page' }).getByText(SCORED).waitFor();
    expect(await again.getByText('This page has no report yet.').count()).toBe(0);
  });

  it('says why the service refused the page: it could not fetch it, or the plan’s limit is reached', async () => {
    const { popup } = await openPopupOn('/article?refused');
    // Forced once the popup's own lookups are answered, so the create is the request that gets it.
    await popup.getByText('This page has no report yet.').waitFor();
    await popup.getByText('No reports yet.').waitFor();
    api().controls.forceStatus(
      422,
      1,
      {
        message: {
          url: [
            'cURL error 6: Could not resolve host: 127.0.0.1 (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)',
          ],
        },
        status: 422,
      },
      undefined,
      { method: 'POST' },
    );
    await popup.getByRole('button', { name: 'Create report' }).click();
    const alert = popup.getByRole('alert');
    await alert
      .getByText(/The service could not fetch this page: Could not resolve host: 127\.0\.0\.1$/)
      .waitFor();
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    api().controls.setPlanLimit(0);
    await popup.getByRole('button', { name: 'Create report' }).click();
    await popup
      .getByRole('alert')
      .getByText(/Your plan’s limit of reports is reached/)
      .waitFor();
    expect(api().store.reports()).toEqual([]);
  });

  it('phpRank 1.1.0 never scores: "No score", never an endless "Generating…"', async () => {
    api().controls.setRelease('1.1.0');
    const { popup } = await openPopupOn('/article?old-release');
    await popup.getByRole('button', { name: 'Create report' }).click();
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText('No score', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await card.getByText('The service gave this report no score.').count()).toBe(1);
    expect(await card.getByText('Generating…').count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Open on the service' }).count()).toBe(1);
  });
});

describe('phpRank: the options page', () => {
  beforeEach(async () => {
    api().store.reset(true);
    await connect(extension(), api());
  });

  it('lists scores with their bands and links each stored address to its full page', async () => {
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    const badges = await table.locator('tbody tr .result').allInnerTexts();
    expect(badges.every((text) => SCORED.test(text))).toBe(true);
    const newest = api()
      .store.reports()
      .sort((a, b) => b.id - a.id)[0]!;
    const link = bodyRows(table).first().getByRole('link', { name: newest.url, exact: true });
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('numbers sent as strings are read like numbers', async () => {
    api().controls.setNumericStrings(true);
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    expect((await table.locator('tbody tr .result').allInnerTexts()).every((text) => SCORED.test(text))).toBe(
      true,
    );
  });

  it('says when the service sorts otherwise than asked (generated_at becomes id)', async () => {
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    await page.getByRole('button', { name: /Generated/ }).click();
    await page.getByText('This service sorts by date created instead of date generated.').waitFor();
    // The column really sorted is marked as sorted, not the one asked for.
    expect(await page.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toMatch(
      /^(ascending|descending)$/,
    );
    expect(await page.getByRole('columnheader', { name: /Generated/ }).getAttribute('aria-sort')).toBeNull();
  });

  it('shows a report’s failed tests by category, and its page on the service', async () => {
    const report = api()
      .store.reports()
      .find((item) => item.result !== null && Number(item.result) < 70)!;
    const page = await extension().openOptions(`/reports?details=${report.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    const service = panel.getByRole('link', { name: 'Open on the service' });
    await service.waitFor();
    expect(await service.getAttribute('href')).toBe(`${api().url}/reports/${report.id}`);
    await panel
      .getByRole('heading', { name: /^(SEO|Performance|Security|Miscellaneous)$/ })
      .first()
      .waitFor();
    expect(
      await panel.getByText(/issues? \(\d+ high, \d+ medium, \d+ low importance\)/).count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'options-phprank-details');
    expect((await checkBothSchemes(page, 'options-phprank-details')).violations).toEqual([]);
  });

  it('a report deleted elsewhere (403 on update) is said to be gone and leaves the list', async () => {
    const report = api()
      .store.reports()
      .sort((a, b) => b.id - a.id)[0]!;
    const page = await extension().openOptions(`/reports?details=${report.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByRole('link', { name: 'Open on the service' }).waitFor();
    api().store.deleteReport(report.id);
    await panel.getByLabel('Privacy').selectOption(report.privacy === 1 ? '0' : '1');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('This report no longer exists on the service.').first().waitFor();
    expect(requestsTo(api(), 'PATCH', `/api/v1/reports/${report.id}`).at(-1)?.status).toBe(403);
    await expect
      .poll(() => bodyRows(reportsTable(page)).getByRole('link', { name: report.url, exact: true }).count())
      .toBe(0);
  });

  it('projects show their number of reports and average score', async () => {
    const page = await extension().openOptions('/projects');
    const table = projectsTable(page);
    await bodyRows(table).first().waitFor();
    const first = api().store.projects()[0];
    expect(first).toBeDefined();
    const averages = await table.locator('tbody tr .result').allInnerTexts();
    expect(averages.length).toBeGreaterThan(0);
    expect(averages.every((text) => SCORED.test(text))).toBe(true);
  });

  it('Test connection names the account and its plan', async () => {
    const page = await extension().openOptions('/settings');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText(`Connected as Demo User (Pro) — ${api().store.count()} reports`).waitFor();
  });
});

function bandWord(result: unknown): string {
  const score = Math.round(Number(result));
  if (score > 79) return 'Good';
  if (score >= 49) return 'Decent';
  return 'Bad';
}

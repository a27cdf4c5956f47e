// A project's page in Chromium against the reference API in phpRank's dialect: the background reads the
// project's reports with their tests, the page shows the counts, the spread and the ranking; a test opens
// its pages; "Regenerate these pages" runs paced and the ranking follows; a reload keeps the page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, screenshot, screenshotsDir, useExtension, useReferenceApi } from './harness';
import { connect, parseCsv, seedEarlierAnalyses } from './options-helpers';
import { readableUrl } from '../../lib/readable-url';

const extension = useExtension();
// Regenerating a page takes the service a moment, as phpRank's does.
const api = useReferenceApi({ analysisDelayMs: 100 });

/** phpRank groups reports by host: this project's 12 pages, and a neighbour that must not count. */
const PROJECT = 'shop.example';
const PAGES = 12;

beforeEach(async () => {
  api().store.reset(false);
  for (let n = 1; n <= PAGES; n++) api().store.create({ url: `https://${PROJECT}/page-${n}`, privacy: 0 });
  for (let n = 1; n <= 3; n++) api().store.create({ url: `https://other.example/page-${n}`, privacy: 0 });
  await connect(extension(), api());
  await extension().clearStorage('session');
});

type Results = Record<string, { passed: boolean }>;

/** The project's reports as the service holds them now. */
function projectReports() {
  return api()
    .store.reports()
    .filter((report) => report.project === PROJECT)
    .map((report) => ({
      id: report.id,
      url: report.url,
      score: Number(report.result),
      results: report.results as Results,
    }));
}

/** How many of the project's pages fail each test, by the test's key (none: left out). */
function failingCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const report of projectReports()) {
    for (const [key, test] of Object.entries(report.results)) {
      if (test.passed === false) counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

const band = (score: number) => (score > 79 ? 'Good' : score >= 49 ? 'Decent' : 'Bad');

/** The ranking as the page shows it: each test's key (from its link) and its "N of M pages". */
async function shownRanking(page: Page): Promise<Record<string, string>> {
  const table = page.getByRole('table', { name: 'Failed tests' });
  const rows = await table.locator('tbody tr').all();
  const shown: Record<string, string> = {};
  for (const row of rows) {
    const href = (await row.getByRole('link').getAttribute('href')) ?? '';
    const key = decodeURIComponent(href.split('?test=')[1] ?? '');
    shown[key] = await row.locator('td').first().innerText();
  }
  return shown;
}

function expectedRanking(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(failingCounts()).map(([key, count]) => [key, `${count} of ${PAGES} pages`]),
  );
}

/** Clicks the section's "Export CSV" and reads the downloaded file back: its name and its records. */
async function exportedCsv(page: Page): Promise<{ name: string; records: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const text = (await readFile((await file.path())!)).toString('utf8');
  expect(text).not.toContain(api().apiKey);
  return { name: file.suggestedFilename(), records: parseCsv(text.replace(/^\uFEFF/, '')) };
}

/** A test failing on most pages (the ranking's first row, ties aside). */
function topTest(): { key: string; count: number } {
  const [key, count] = Object.entries(failingCounts()).sort((a, b) => b[1] - a[1])[0]!;
  return { key, count };
}

/** The test of the ranking's first row, and on how many pages the service says it fails. */
async function firstRowTest(page: Page): Promise<{ key: string; count: number }> {
  const key = Object.keys(await shownRanking(page))[0]!;
  return { key, count: failingCounts()[key]! };
}

describe('a project’s page', () => {
  it('shows the counts, the spread and the ranking; a test opens its pages; a reload keeps them', async () => {
    const page = await extension().openOptions('/projects');
    await page
      .getByRole('table', { name: 'Projects' })
      .getByRole('link', { name: PROJECT, exact: true })
      .click();
    await page.getByRole('heading', { level: 2, name: PROJECT }).waitFor();
    expect(page.url()).toContain(`#/projects/${PROJECT}`);
    const ranking = page.getByRole('table', { name: 'Failed tests' });
    await ranking.waitFor({ timeout: 15_000 });

    const reports = projectReports();
    const facts = page.locator('.site-facts dl');
    expect(await facts.getByText('Pages', { exact: true }).locator('+ dd').innerText()).toBe(String(PAGES));
    const mean = reports.reduce((sum, report) => sum + report.score, 0) / reports.length;
    expect(await facts.getByText(`${band(mean)} · ${Math.round(mean)}`).count()).toBe(1);
    const spread = page.getByRole('figure', { name: 'Pages by result' });
    const inBand = (name: string) => reports.filter((report) => band(report.score) === name).length;
    expect(await spread.getByRole('listitem').allInnerTexts()).toEqual(
      ['Good', 'Decent', 'Bad'].map((name) => `${name}: ${inBand(name)}`),
    );
    expect(await shownRanking(page)).toEqual(expectedRanking());
    const counts = await ranking.locator('tbody tr td:first-of-type').allInnerTexts();
    const numbers = counts.map((text) => Number.parseInt(text, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await screenshot(page, 'project-page');
    expect((await checkBothSchemes(page, 'project-page')).violations).toEqual([]);

    // The ranking as a file: one record a test, with the pages it affects.
    const ranked = await exportedCsv(page);
    expect(ranked.name).toMatch(/^page-reports-shop\.example-failed-tests-\d{4}-\d{2}-\d{2}\.csv$/);
    const [rankHeader, ...rankRecords] = ranked.records;
    expect(rankHeader).toEqual([
      'Project',
      'Test',
      'Key',
      'Pages affected',
      'Pages',
      'Importance',
      'Category',
    ]);
    expect(Object.fromEntries(rankRecords.map((record) => [record[2], Number(record[3])]))).toEqual(
      failingCounts(),
    );

    // The test failing on most pages opens its pages: each address, its score, its details.
    const top = await firstRowTest(page);
    expect(top.count).toBe(topTest().count);
    await ranking.locator('tbody tr').first().getByRole('link').click();
    const pages = page.getByRole('table', { name: /^Pages failing “/ });
    await expect.poll(() => pages.locator('tbody tr').count()).toBe(top.count);
    expect(page.url()).toContain(`#/projects/${PROJECT}?test=${encodeURIComponent(top.key)}`);
    const failing = reports.filter((report) => report.results[top.key]?.passed === false);
    const lowest = failing.sort((a, b) => a.score - b.score)[0]!;
    const first = pages.locator('tbody tr').first();
    expect(await first.getByText(`${band(lowest.score)} · ${lowest.score}`).count()).toBe(1);
    expect(await first.getByRole('link', { name: /^Details of / }).getAttribute('href')).toBe(
      `#/reports?details=${lowest.id}`,
    );
    expect(await first.getByRole('link', { name: /^shop\.example\/page-\d+$/ }).getAttribute('target')).toBe(
      '_blank',
    );
    expect((await checkBothSchemes(page, 'project-test-pages')).violations).toEqual([]);

    // One test's pages as a file: each failing page once, with its score.
    const listed = await exportedCsv(page);
    expect(listed.name).toContain(`page-reports-shop.example-failing-${top.key}-`);
    const [pagesHeader, ...pageRecords] = listed.records;
    expect(pagesHeader).toEqual([
      'Project',
      'Test',
      'URL',
      'Score',
      'Band',
      'Generated (UTC)',
      'Report on the service',
    ]);
    const shownAddresses = await pages.locator('tbody tr th').allInnerTexts();
    expect(pageRecords.map((record) => record[2])).toEqual(shownAddresses.map((shown) => `https://${shown}`));
    expect(pageRecords.map((record) => record[6])).toEqual(
      failing.map((report) => `${api().url}/reports/${report.id}`),
    );
    expect(pageRecords.map((record) => Number(record[3]))).toEqual(failing.map((report) => report.score));

    // A reload (or a bookmark) shows the same test's pages again, from what the background kept.
    await page.reload();
    await expect.poll(() => pages.locator('tbody tr').count(), { timeout: 10_000 }).toBe(top.count);
    await page.getByRole('link', { name: '← All failed tests' }).click();
    await ranking.waitFor();
    expect(await shownRanking(page)).toEqual(expectedRanking());
  });

  it('regenerates a test’s pages at the pace the service allows, and the ranking follows', async () => {
    const top = topTest();
    const page = await extension().openOptions(`/projects/${PROJECT}?test=${encodeURIComponent(top.key)}`);
    const pages = page.getByRole('table', { name: /^Pages failing “/ });
    await expect.poll(() => pages.locator('tbody tr').count(), { timeout: 15_000 }).toBe(top.count);
    const ids = projectReports()
      .filter((report) => report.results[top.key]?.passed === false)
      .map((report) => report.id);

    const before = expectedRanking();
    const scoresBefore = new Map(projectReports().map((report) => [report.id, report.score]));
    // One page breaks on its new analysis (every test fails); the others keep every test they pass, so
    // only fixes move them: that page is the one the summary says got worse.
    const regenerated = projectReports().filter((report) => ids.includes(report.id));
    const broken = regenerated[0]!;
    for (const report of regenerated) {
      const kept = Object.entries(report.results).filter(([, test]) => report === broken || test.passed);
      api().controls.setPageOutcome(
        report.url,
        Object.fromEntries(kept.map(([key]) => [key, report !== broken])),
      );
    }
    // Three requests per 3-second window: unpaced, the fourth regenerate would meet a 429.
    api().controls.setRateLimit(3, 3);
    await page.getByRole('button', { name: 'Regenerate these pages' }).click();
    const dialog = page.getByRole('dialog', { name: `Regenerate the results of ${top.count} pages?` });
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Progress of the bulk change' }).waitFor();
    await page
      .getByText(`Regenerated the results of ${top.count} of ${top.count} reports.`)
      .waitFor({ timeout: 60_000 });
    const patches = api().requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => Number(request.path.split('/').at(-1))).sort()).toEqual([...ids].sort());
    expect(patches.every((request) => request.status === 200)).toBe(true);

    // What the run changed: each page whose score rose or fell, both scores, linked to its details.
    const moves = projectReports()
      .filter((report) => ids.includes(report.id) && report.score !== scoresBefore.get(report.id))
      .map((report) => ({ ...report, before: scoresBefore.get(report.id)! }));
    const better = moves.filter((move) => move.score > move.before);
    const worse = moves.filter((move) => move.score < move.before);
    expect(moves.length).toBeGreaterThan(0);
    const summary = page.getByRole('status').filter({ hasText: 'Regenerated the results' });
    for (const [moved, one, many] of [
      [better, 'Better on 1 page:', `Better on ${better.length} pages:`],
      [worse, 'Worse on 1 page:', `Worse on ${worse.length} pages:`],
    ] as const) {
      if (moved.length === 0) continue;
      expect(await summary.getByText(moved.length === 1 ? one : many).count()).toBe(1);
      for (const move of moved) {
        const link = summary.getByRole('link', {
          name: `${readableUrl(move.url)}: ${move.before} → ${move.score}`,
        });
        expect(await link.getAttribute('href')).toMatch(new RegExp(`details=${move.id}(&|$)`));
      }
    }
    expect(worse.map((move) => move.id)).toEqual([broken.id]);
    const [worsened] = worse;
    expect(worsened!.score).toBeLessThan(worsened!.before);
    // Under its heading: the list right after "Worse on 1 page:".
    const worseList = summary.getByText('Worse on 1 page:').locator('xpath=following-sibling::ul[1]');
    expect(await worseList.getByRole('listitem').allInnerTexts()).toEqual([
      `${readableUrl(broken.url)}: ${worsened!.before} → ${worsened!.score}`,
    ]);
    await worseList
      .getByRole('link', { name: `${readableUrl(broken.url)}: ${worsened!.before} → ${worsened!.score}` })
      .click();
    const details = page.getByRole('region', { name: 'Report details' });
    await details.getByText('All fields').waitFor();
    expect(await details.locator('.details-summary').innerText()).toContain(readableUrl(broken.url));
    await page.getByRole('heading', { name: 'Reports', exact: true, level: 2 }).waitFor();
    expect(page.url()).toContain(`details=${broken.id}`);
    await page.goBack();

    // The regenerated results changed some tests: the ranking says what the service holds now.
    expect(expectedRanking()).not.toEqual(before);
    await page.getByRole('link', { name: '← All failed tests' }).click();
    await page.getByRole('table', { name: 'Failed tests' }).waitFor();
    await expect.poll(() => shownRanking(page), { timeout: 10_000 }).toEqual(expectedRanking());
    expect(
      api()
        .store.reports()
        .filter((report) => report.project === PROJECT),
    ).toHaveLength(PAGES);
  });

  it('draws the average over time from the analyses this browser kept of the project’s pages', async () => {
    // Two days ago every page scored 30: the history as the background keeps it (lib/history.ts).
    const before = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const reports = projectReports();
    const snapshot = {
      generatedAt: before,
      takenAt: Date.parse(before),
      score: 30,
      band: 'bad',
      counts: { high: 1, medium: 0, low: 0, passed: 29 },
      failed: [],
    };
    const entry = { last: { generatedAt: before, score: 30 }, previous: null, count: 1, bytes: 200 };
    await extension().setStorage('local', {
      ...Object.fromEntries(reports.map((report) => [`e2e-connection:history:${report.id}`, [snapshot]])),
      'e2e-connection:historyIndex': Object.fromEntries(
        reports.map((report) => [report.id, { ...entry, touched: Date.parse(before), project: PROJECT }]),
      ),
    });

    const page = await extension().openOptions(`/projects/${PROJECT}`);
    const chart = page.getByRole('listbox', { name: 'Average score over time' });
    // The read notes today's analyses in the history: the trend goes from 30 to today's average.
    await expect.poll(() => chart.getByRole('option').count(), { timeout: 15_000 }).toBe(2);
    const mean = Math.round(reports.reduce((sum, report) => sum + report.score, 0) / reports.length);
    const points = await chart
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label')));
    expect(points).toEqual([
      expect.stringMatching(new RegExp(`: score 30, Bad · ${PAGES} pages$`)),
      expect.stringMatching(new RegExp(`: score ${mean}, ${band(mean)} · ${PAGES} pages$`)),
    ]);
    await screenshot(page, 'project-page-trend');
    expect((await checkBothSchemes(page, 'project-page-trend')).violations).toEqual([]);
    // The README's picture: the page's column from the header to the top of the ranking.
    const column = (await page.locator('.options').boundingBox())!;
    const ranking = (await page.getByRole('table', { name: 'Failed tests' }).boundingBox())!;
    await page.screenshot({
      path: join(screenshotsDir, 'project-page-top.png'),
      fullPage: true,
      clip: { x: column.x - 16, y: 0, width: column.width + 32, height: ranking.y + 240 },
    });
  });

  it('follows the same pages: pages joining later do not move the line, and the chart says where they joined', async () => {
    // Three days ago five of the twelve pages were analysed, at 71; today's read notes all twelve.
    const reports = projectReports();
    const early = reports.slice(0, 5);
    await seedEarlierAnalyses(extension(), PROJECT, early);

    const page = await extension().openOptions(`/projects/${PROJECT}`);
    const trend = page.getByRole('region', { name: 'Average score over time' });
    const chart = trend.getByRole('listbox', { name: 'Average score over time' });
    await expect.poll(() => chart.getByRole('option').count(), { timeout: 15_000 }).toBe(2);
    const today = reports.reduce((sum, report) => sum + report.score, 0) / reports.length;
    const change = early.reduce((sum, report) => sum + report.score - 71, 0) / early.length;
    const [then, now] = [Math.round(today - change), Math.round(today)];
    const points = await chart
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label')));
    expect(points).toEqual([
      expect.stringMatching(new RegExp(`: score ${then}, ${band(then)} · 5 pages$`)),
      expect.stringMatching(new RegExp(`: score ${now}, ${band(now)} · ${PAGES} pages, 7 joined$`)),
    ]);
    expect(await trend.getByText('+7 pages').count()).toBe(1);
    await trend.screenshot({ path: join(screenshotsDir, 'project-trend.png') });
    expect((await checkBothSchemes(page, 'project-trend')).violations).toEqual([]);
  });
});

describe('a test failing on many pages', () => {
  const BIG = 'big.example';
  const MANY = 150;

  it('regenerates all 150 of its pages in one job, paced so the service never answers 429', async () => {
    // Every page of the project misses its meta description, on creation and after regenerating.
    for (let n = 1; n <= MANY; n++) {
      const url = `https://${BIG}/page-${n}`;
      api().controls.setPageOutcome(url, { meta_description: false });
      api().store.create({ url, privacy: 0 });
    }
    const ids = api()
      .store.reports()
      .filter((report) => report.project === BIG)
      .map((report) => report.id);
    expect(ids).toHaveLength(MANY);
    const page = await extension().openOptions(`/projects/${BIG}?test=meta_description`);
    const regenerate = page.getByRole('button', { name: 'Regenerate these pages' });
    await regenerate.waitFor({ timeout: 15_000 });

    // Regenerating answers at once, so only the pace keeps the requests under the limit. A limit of 3 per
    // 3 s would hold 150 requests to 150 s or more (300 s at the pace a limit of 3 sets); 30 per 3 s is a
    // window an unpaced run meets within its first second and a paced one never does.
    api().controls.setAnalysisDelay(0);
    api().controls.setRateLimit(30, 3);
    const logged = api().requests.length;
    await regenerate.click();
    const dialog = page.getByRole('dialog', { name: `Regenerate the results of ${MANY} pages?` });
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    // Each step writes the job, the report store and the history (the project's rows every 2 s), and the
    // page draws them: under 1 s a step on a busy machine.
    await page
      .getByText(`Regenerated the results of ${MANY} of ${MANY} reports.`)
      .waitFor({ timeout: 420_000 });

    const sent = api().requests.slice(logged);
    const patches = sent.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => Number(request.path.split('/').at(-1))).sort()).toEqual([...ids].sort());
    expect(patches.every((request) => request.status === 200)).toBe(true);
    expect(sent.filter((request) => request.status === 429)).toEqual([]);
  }, 450_000);
});

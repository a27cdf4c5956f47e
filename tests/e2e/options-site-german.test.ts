// A project's page in a German browser (Chromium with --lang=de), against the reference API in phpRank's
// dialect: the facts, the spread, the ranking and a test's pages, the trend with pages joined and the
// summary after regenerating, found by their German names, without English left, axe clean in light and
// dark. The screenshots (test-results/screenshots/project-*-german*.png) are there to look for cut text.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, screenshot, untranslatedTexts, useExtension, useReferenceApi } from './harness';
import { connect, seedEarlierAnalyses } from './options-helpers';
import { readableUrl } from '../../lib/readable-url';

const extension = useExtension({ language: 'de' });
const api = useReferenceApi();

const PROJECT = 'laden.example';
const PAGES = 6;

beforeEach(async () => {
  api().store.reset(false);
  for (let n = 1; n <= PAGES; n++) api().store.create({ url: `https://${PROJECT}/seite-${n}`, privacy: 0 });
  await connect(extension(), api());
  await extension().clearStorage('session');
});

type Results = Record<string, { passed: boolean }>;

/** The project's reports as the service holds them now. */
const projectReports = () =>
  api()
    .store.reports()
    .filter((report) => report.project === PROJECT)
    .map((report) => ({
      id: report.id,
      url: report.url,
      score: Number(report.result),
      results: report.results as Results,
    }));

/** German (no English message left) and axe clean in light and dark (`NAME-light.png`, `NAME-dark.png`). */
async function expectGermanView(page: Page, name: string): Promise<void> {
  expect(await untranslatedTexts(page)).toEqual([]);
  expect((await checkBothSchemes(page, name)).violations).toEqual([]);
}

describe('a project’s page in German', () => {
  it('shows the facts, the spread, the ranking and a test’s pages in German', async () => {
    const page = await extension().openOptions(`/projects/${PROJECT}`);
    const ranking = page.getByRole('table', { name: 'Nicht bestandene Tests' });
    await ranking.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.title()).toBe(`${PROJECT} — Page Reports (Optionen)`);
    expect(await page.getByRole('link', { name: '← Zurück zu den Projekten' }).count()).toBe(1);
    const spread = page.getByRole('figure', { name: 'Seiten nach Ergebnis' });
    expect(await spread.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Gut: \d+$/),
      expect.stringMatching(/^Mittel: \d+$/),
      expect.stringMatching(/^Schlecht: \d+$/),
    ]);
    const first = ranking.locator('tbody tr').first();
    expect(await first.locator('td').first().innerText()).toMatch(new RegExp(`^\\d+ von ${PAGES} Seiten$`));
    expect(await page.getByRole('button', { name: 'Erneut lesen' }).count()).toBe(1);
    await screenshot(page, 'project-page-german');

    const name = await first.getByRole('link').innerText();
    await first.getByRole('link').click();
    await page.getByRole('table', { name: `Seiten, auf denen „${name}“ fehlschlägt` }).waitFor();
    await page.getByRole('button', { name: 'Diese Seiten neu erzeugen' }).click();
    const dialog = page.getByRole('dialog', { name: /^Ergebnisse von \d+ Seiten neu erzeugen\?$/ });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(api().requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('the trend with pages joined later, in German', async () => {
    // Three days ago half the pages were analysed, at 71; today's read notes all of them.
    await seedEarlierAnalyses(extension(), PROJECT, projectReports().slice(0, PAGES / 2));

    const page = await extension().openOptions(`/projects/${PROJECT}`);
    const trend = page.getByRole('region', { name: 'Durchschnittliche Bewertung im Zeitverlauf' });
    const chart = trend.getByRole('listbox', { name: 'Durchschnittliche Bewertung im Zeitverlauf' });
    await expect.poll(() => chart.getByRole('option').count(), { timeout: 15_000 }).toBe(2);
    const points = await chart
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label')));
    expect(points).toEqual([
      expect.stringMatching(new RegExp(` · ${PAGES / 2} Seiten$`)),
      expect.stringMatching(new RegExp(` · ${PAGES} Seiten, ${PAGES / 2} hinzugekommen$`)),
    ]);
    expect(await trend.getByText(`+${PAGES / 2} Seiten`).count()).toBe(1);
    await expectGermanView(page, 'project-trend-german');
  });

  it('after "Diese Seiten neu erzeugen": what got better and worse, in German', async () => {
    const page = await extension().openOptions(`/projects/${PROJECT}`);
    const ranking = page.getByRole('table', { name: 'Nicht bestandene Tests' });
    await ranking.waitFor({ timeout: 15_000 });
    await ranking.locator('tbody tr').first().getByRole('link').click();
    await page.getByRole('table', { name: /^Seiten, auf denen „.+“ fehlschlägt$/ }).waitFor();
    // The test's key from the address (after the hash): ?test=KEY.
    const key = decodeURIComponent(/[?&]test=([^&]+)/.exec(page.url())![1]!);
    const failing = projectReports().filter((report) => report.results[key]?.passed === false);
    const scoresBefore = new Map(failing.map((report) => [report.id, report.score]));
    // One page breaks (every test fails); the others keep what they pass, so only fixes move them.
    const broken = failing[0]!;
    for (const report of failing) {
      const kept = Object.entries(report.results).filter(([, test]) => report === broken || test.passed);
      api().controls.setPageOutcome(
        report.url,
        Object.fromEntries(kept.map(([name]) => [name, report !== broken])),
      );
    }

    await page.getByRole('button', { name: 'Diese Seiten neu erzeugen' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Ergebnisse von ${failing.length} Seiten neu erzeugen?`,
    });
    await dialog.getByRole('button', { name: 'Neu erzeugen', exact: true }).click();
    const summary = page
      .getByRole('status')
      .filter({ hasText: `Ergebnisse von ${failing.length} von ${failing.length} Berichten neu erzeugt.` });
    await summary.waitFor({ timeout: 60_000 });
    const after = projectReports().find((report) => report.id === broken.id)!;
    const worseList = summary.getByText('Schlechter auf 1 Seite:').locator('xpath=following-sibling::ul[1]');
    expect(await worseList.getByRole('listitem').allInnerTexts()).toEqual([
      `${readableUrl(broken.url)}: ${scoresBefore.get(broken.id)} → ${after.score}`,
    ]);
    await expectGermanView(page, 'project-regenerated-german');

    await worseList.getByRole('link').click();
    const details = page.getByRole('region', { name: 'Berichtsdetails' });
    await details.waitFor();
    expect(await details.locator('.details-summary').innerText()).toContain(readableUrl(broken.url));
  });
});

// A project's page in a German browser (Chromium with --lang=de), against the reference API in phpRank's
// dialect: the facts, the spread, the ranking and a test's pages, found by their German names. The
// screenshot (test-results/screenshots/project-page-german.png) is there to look for cut or long text.
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, useExtension, useReferenceApi } from './harness';
import { connect } from './options-helpers';

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
});

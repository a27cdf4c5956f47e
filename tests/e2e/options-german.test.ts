// The options page in a German browser (Chromium with --lang=de and the de locale), against the reference
// API: Reports with a filter, a sort and a delete, its CSV export as a German spreadsheet opens it, and
// Settings, everything found by its German name.
// Screenshots land in test-results/screenshots/options-german-*.png, to be looked at for text that
// overflows or is cut.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_ERRORS } from './faults-helpers';
import {
  checkBothSchemes,
  screenshot,
  seriousAxeViolations,
  untranslatedTexts,
  useExtension,
  useReferenceApi,
} from './harness';
import { bodyRows, columnTexts, connect, expectListQuery, parseCsv, waitForRows } from './options-helpers';

const extension = useExtension({ language: 'de' });
const api = useReferenceApi();

beforeEach(async () => {
  api().store.reset(true);
  await connect(extension(), api());
});

const reportsTable = (page: Page) => page.getByRole('table', { name: 'Berichte' });

/** Buttons, labels and headings whose text is wider than their box: German words are long. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, label, h1, h2, h3, th, .status, option')]
      .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent?.trim() ?? ''),
  );
}

describe('the options page in German', () => {
  it('lists, filters, sorts and deletes reports by their German names', async () => {
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await bodyRows(table).first().waitFor();
    await waitForRows(table, 10);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.title()).toBe('Berichte — Page Reports (Optionen)');
    expect(await page.getByRole('columnheader', { name: /^Erstellt/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    // Dates in the German locale ("1. Mai 2024"), through Intl's default.
    const created = await table.locator('tbody tr .date-cell').first().innerText();
    expect(created).toMatch(/^\d{1,2}\. \S+ \d{4}$/);

    // A filter: the result.
    await page.getByLabel('Ergebnis', { exact: true }).selectOption('bad');
    await expectListQuery(api(), 'reports', {
      result: 'bad',
      sort_by: 'id',
      sort: 'desc',
      per_page: '10',
      page: '1',
    });
    await expect.poll(() => page.getByRole('button', { name: 'Filter zurücksetzen' }).isVisible()).toBe(true);

    // A sort: the address, A to Z.
    await table.getByRole('button', { name: /^Adresse/ }).click();
    await expectListQuery(api(), 'reports', {
      result: 'bad',
      sort_by: 'url',
      sort: 'asc',
      per_page: '10',
      page: '1',
    });
    await expect
      .poll(() => page.getByRole('columnheader', { name: /^Adresse/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    expect(await cutTexts(page)).toEqual([]);
    await screenshot(page, 'options-german-reports');

    // A delete, confirmed in its dialog.
    const url = await bodyRows(table).first().locator('th').innerText();
    const before = api().store.reports().length;
    await bodyRows(table)
      .first()
      .getByRole('button', { name: `Löschen (Bericht für ${url})` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Bericht löschen?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('wird beim Dienst gelöscht');
    expect(await cutTexts(page)).toEqual([]);
    await screenshot(page, 'options-german-delete-dialog');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(api().requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(api().store.reports()).toHaveLength(before - 1);
    await expect.poll(() => page.getByText('Keiner ausgewählt').isVisible()).toBe(true);
  });

  it('the service down: the kept rows, said in German to be saved data and from when', async () => {
    extension().allowConsoleErrors(NETWORK_ERRORS);
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    const shown = await columnTexts(table, 2);

    api().controls.dropNext(10_000);
    try {
      await page.reload();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 15_000 });
      expect(await alert.innerText()).toMatch(/Der Dienst ist nicht erreichbar\./);
      await page.getByText('Gespeicherte Daten (Stand: gerade eben).').waitFor();
      expect(await columnTexts(table, 2)).toEqual(shown);
      expect(await untranslatedTexts(page)).toEqual([]);
      expect(await cutTexts(page)).toEqual([]);
      expect((await checkBothSchemes(page, 'options-german-saved-data')).violations).toEqual([]);
    } finally {
      api().controls.reset();
    }
  });

  it('exports a project’s bad reports with German headers and `;`, named after what the file holds', async () => {
    // A project with a plain name, and how many bad reports the API lists for it.
    const project = api()
      .store.reports()
      .map((report) => String(report.project))
      .find((name) => /^[a-z0-9.-]+$/.test(name))!;
    const answer = await fetch(
      `${api().url}/api/v1/reports?${new URLSearchParams({ project, result: 'bad', per_page: '100' })}`,
      { headers: { authorization: `Bearer ${api().apiKey}`, accept: 'application/json' } },
    );
    const bad = ((await answer.json()) as { meta: { total: number } }).meta.total;
    expect(bad).toBeGreaterThan(0);
    expect(bad).toBeLessThanOrEqual(100);
    const page = await extension().openOptions(`#/reports?project=${encodeURIComponent(project)}&result=bad`);
    await waitForRows(reportsTable(page), Math.min(bad, 10));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV exportieren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^page-reports-[a-z0-9.-]+-bad-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.suggestedFilename().startsWith(`page-reports-${project}-bad-`)).toBe(true);
    await page.getByText(`in ${file.suggestedFilename()} exportiert.`, { exact: false }).waitFor();

    const text = (await readFile((await file.path())!)).toString('utf8');
    const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ''), ';');
    expect(header).toEqual([
      'Adresse',
      'Projekt',
      'Ergebnis',
      'Punkte',
      'Vorige Punkte',
      'Änderung',
      'Sichtbarkeit',
      'Erstellt (UTC)',
      'Erzeugt (UTC)',
      'Probleme (hoch)',
      'Probleme (mittel)',
      'Probleme (niedrig)',
      'Bestandene Tests',
      'Nicht bestandene Tests (hoch)',
      'Nicht bestandene Tests (mittel)',
      'Nicht bestandene Tests (niedrig)',
      'Bericht beim Dienst',
    ]);
    expect(records).toHaveLength(bad);
    for (const record of records) {
      expect(record).toHaveLength(header!.length);
      expect(record[1]).toBe(project);
      expect(record[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it('shows Settings in German and tests the connection', async () => {
    const page = await extension().openOptions('/reports');
    await page
      .getByRole('navigation', { name: 'Bereiche' })
      .getByRole('link', { name: 'Einstellungen' })
      .click();
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    await expect.poll(() => page.getByLabel('API-Basis-URL').inputValue()).toBe(api().url);
    expect(await page.getByLabel('API-Schlüssel').getAttribute('placeholder')).toBe(
      'Ein Schlüssel ist gespeichert – leer lassen, um ihn zu behalten',
    );
    await page.getByRole('button', { name: 'Verbindung testen' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Verbunden' }).innerText(), { timeout: 10_000 })
      .toMatch(/^Verbunden (als .+ – )?\S+ Berichte$|^Verbunden: \S+ Berichte$/);
    expect(await page.getByRole('heading', { name: 'Was diesen Browser verlässt' }).isVisible()).toBe(true);
    expect(await cutTexts(page)).toEqual([]);
    await screenshot(page, 'options-german-settings');

    // A key the service rejects is not saved; it says so, and offers to save it all the same.
    await page.getByLabel('API-Schlüssel').fill('nicht-der-richtige-schluessel');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toBe(
        'Der Dienst hat diesen Schlüssel abgelehnt (401), deshalb wurde er nicht gespeichert. Ihr gespeicherter Schlüssel bleibt in Gebrauch.',
      );
    expect(await page.getByRole('button', { name: 'Trotzdem speichern' }).isVisible()).toBe(true);
    expect(await cutTexts(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'options-german-settings-rejected-key');
  });
});

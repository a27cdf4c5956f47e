// The Reports list opened again in Chromium: the rows of the last visit for the same view paint before
// the service answers, said to be updating, and the service's answer replaces them.
import { beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_ERRORS, UNREACHABLE } from './faults-helpers';
import { useExtension, useReferenceApi } from './harness';
import { bodyRows, columnTexts, connect, reportsTable, waitForRows } from './options-helpers';
import { readableUrl } from '../../lib/readable-url';

const extension = useExtension();
const api = useReferenceApi();

beforeEach(async () => {
  api().store.reset(true);
  await extension().clearStorage('session');
  await connect(extension(), api());
});

describe('Reports from the last visit', () => {
  it('shows the kept rows at once, marked as updating, then the fresh ones', async () => {
    const first = await extension().openOptions('/reports');
    await waitForRows(reportsTable(first), 10);
    const before = await columnTexts(reportsTable(first), 2);
    await first.close();

    // The newest report goes, and the service's answers wait: only kept rows can show now.
    const newest = [...api().store.reports()].sort((a, b) => b.id - a.id)[0]!;
    api().store.deleteReport(newest.id);
    const release = api().controls.holdAnswers();
    try {
      const page = await extension().openOptions('/reports');
      const table = reportsTable(page);
      await waitForRows(table, 10);
      expect(await columnTexts(table, 2)).toEqual(before);
      expect(await page.getByText('Updated just now · checking for changes…').isVisible()).toBe(true);
      expect(await table.getAttribute('aria-busy')).toBe('true');

      release();
      const fresh = [...api().store.reports()]
        .sort((a, b) => b.id - a.id)
        .slice(0, 10)
        // As a person reads them (percent-escapes of letters decoded).
        .map((report) => readableUrl(report.url));
      expect(fresh).not.toEqual(before);
      await expect.poll(() => columnTexts(table, 2)).toEqual(fresh);
      await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
      expect(await page.getByText(/Updated just now/).count()).toBe(0);
      expect(await bodyRows(table).count()).toBe(10);
    } finally {
      release();
    }
  });

  it('shows no kept rows for another view: a filter waits for its own answer', async () => {
    const first = await extension().openOptions('/reports');
    await waitForRows(reportsTable(first), 10);
    await first.close();

    const release = api().controls.holdAnswers();
    try {
      const page = await extension().openOptions('/reports?result=bad');
      await page.getByText('Loading reports…').waitFor();
      // A read of storage.session made now is answered after the page's own read of the kept lists: had
      // the page taken the rows of "all results", they would be on show by then.
      await page.evaluate(async () => {
        const { chrome } = globalThis as unknown as {
          chrome: { storage: { session: { get(keys: null): Promise<unknown> } } };
        };
        await chrome.storage.session.get(null);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      expect(await reportsTable(page).count()).toBe(0);
      release();
      await waitForRows(reportsTable(page), 10);
      const results = await columnTexts(reportsTable(page), 4);
      expect(results.every((text) => text.startsWith('Bad'))).toBe(true);
    } finally {
      release();
    }
  });

  it('service down: kept rows show only for the query on screen, said to be saved and from when', async () => {
    extension().allowConsoleErrors(NETWORK_ERRORS);
    const project = api()
      .store.reports()
      .map((report) => report.project)
      .find((name): name is string => name !== null)!;
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await waitForRows(table, 10);
    const allProjects = await columnTexts(table, 2);
    await page.getByLabel('Project').selectOption(project);
    await expect.poll(async () => (await columnTexts(table, 3)).every((name) => name === project)).toBe(true);
    const ofProject = await columnTexts(table, 2);

    api().controls.dropNext(10_000);
    try {
      await page.reload();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 15_000 });
      expect(await alert.innerText()).toMatch(UNREACHABLE);
      expect(await columnTexts(table, 2)).toEqual(ofProject);
      await page.getByText('Showing saved data (updated just now).').waitFor();

      // A filter nothing was kept for: the error alone, not the rows of another view.
      await page.getByLabel('Result').selectOption({ label: 'Bad' });
      await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(0);
      await alert.waitFor();
      expect(await page.getByText(/Showing saved data/).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Pages of reports' }).count()).toBe(0);

      // Back to all projects and results: the rows kept for that view, said to be saved.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => columnTexts(table, 2), { timeout: 15_000 }).toEqual(allProjects);
      await page.getByText('Showing saved data (updated just now).').waitFor();
      expect(await page.getByLabel('Project').inputValue()).toBe('');
    } finally {
      api().controls.reset();
    }
  });
});

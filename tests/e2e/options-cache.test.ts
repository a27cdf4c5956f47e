// The Reports list opened again in Chromium: the rows of the last visit for the same view paint before
// the service answers, said to be updating, and the service's answer replaces them.
import { beforeEach, describe, expect, it } from 'vitest';
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
      expect(await page.getByText('Showing the reports from your last visit · updating…').isVisible()).toBe(
        true,
      );
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
      expect(await page.getByText(/from your last visit/).count()).toBe(0);
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
});

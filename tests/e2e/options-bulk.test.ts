// Bulk changes in Chromium against the reference API (phpRank's dialect): every report matching a filter,
// across two pages of the table, changed by the background at the pace the throttle allows; and a job
// that goes on after the worker is restarted mid-way without any report changed twice.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, useExtension, useReferenceApi } from './harness';
import { bodyRows, connect, reportsTable, waitForRows } from './options-helpers';
import type { RecordedRequest } from './harness';

const extension = useExtension();
const api = useReferenceApi();

beforeEach(async () => {
  api().store.reset(true);
  await connect(extension(), api());
  await extension().clearStorage('session');
});

/** A project of the demo data with more reports than one page of 10 holds (so: two pages), but not many. */
function projectOnTwoPages(): { name: string; ids: number[] } {
  const byProject = new Map<string, number[]>();
  for (const report of api().store.reports()) {
    const name = String(report.project);
    byProject.set(name, [...(byProject.get(name) ?? []), report.id]);
  }
  const fits = [...byProject.entries()]
    .filter(([, ids]) => ids.length > 10 && ids.length <= 20)
    .sort((a, b) => a[1].length - b[1].length);
  if (!fits[0]) throw new Error('the demo data has no project on two pages of 10');
  return { name: fits[0][0], ids: fits[0][1] };
}

async function selectAllMatching(page: Page, count: number) {
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: `Select all ${count} matching reports` }).click();
  await page.getByText(`All ${count} matching reports are selected.`).waitFor();
}

const idOf = (request: RecordedRequest) => Number(request.path.split('/').at(-1));
const patches = () => api().requests.filter((request) => request.method === 'PATCH');
/** PATCHes the service took (a 429 changes nothing). */
const accepted = () => patches().filter((request) => request.status !== 429);

function expectEachChangedOnce(ids: number[], privacy: number) {
  const counts = new Map<number, number>();
  for (const request of accepted()) counts.set(idOf(request), (counts.get(idOf(request)) ?? 0) + 1);
  expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
  for (const id of ids) expect(api().store.report(id)?.privacy, `report ${id}`).toBe(privacy);
}

describe('bulk changes', () => {
  it('changes the privacy of every matching report, across two pages, at the throttle’s pace', async () => {
    const { name, ids } = projectOnTwoPages();
    const page = await extension().openOptions(`#/reports?project=${encodeURIComponent(name)}&per_page=10`);
    await waitForRows(reportsTable(page), 10);
    await page.getByText('Page 1 of 2').waitFor();
    await selectAllMatching(page, ids.length);
    // Three requests per 3-second window, answers that say how little room is left: the background
    // slows to one request every 2 s (lib/pace.ts); unpaced (250 ms apart) every fourth would meet a 429.
    api().controls.setRateLimit(3, 3);
    await page.getByLabel('New privacy').selectOption('1');
    expect((await checkBothSchemes(page, 'options-bulk-form')).violations).toEqual([]);
    await page.getByRole('button', { name: `Change privacy of ${ids.length}` }).click();
    const bar = page.getByRole('progressbar', { name: 'Progress of the bulk change' });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page
      .getByText(`Changed the privacy of ${ids.length} of ${ids.length} reports.`, { exact: true })
      .waitFor({ timeout: 90_000 });
    api().controls.setRateLimit(null);

    expectEachChangedOnce(ids, 1);
    // The pace, once room was low: one PATCH every 2 s over the run, and never a burst. Measured where the
    // service receives them, so a busy machine's delay of one request shortens one gap; it does not add up.
    const times = accepted()
      .map((request) => request.receivedAt!)
      .slice(2);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(times.at(-1)! - times[0]!, `gaps ${gaps.join(', ')}`).toBeGreaterThanOrEqual(gaps.length * 1900);
    expect(Math.min(...gaps), `gaps ${gaps.join(', ')}`).toBeGreaterThanOrEqual(1000);
    // Paced from the headers, not by meeting the limit: no 429 at all (Retry-After is the unit tests' part).
    expect(patches().filter((request) => request.status === 429)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
    // The rows were read again: page 1 now says Private for each.
    await expect
      .poll(async () =>
        (await bodyRows(reportsTable(page)).allInnerTexts()).every((row) => row.includes('Private')),
      )
      .toBe(true);
    // Checked once the table is no longer dimmed for that read (faded rows are the loading state's).
    const tableOpacity = () =>
      reportsTable(page)
        .locator('tbody')
        .evaluate((body) => getComputedStyle(body).opacity);
    await expect.poll(tableOpacity).toBe('1');
    expect((await checkBothSchemes(page, 'options-bulk-summary')).violations).toEqual([]);
  }, 150_000);

  it('goes on after the worker restarts mid-job: every report changed exactly once', async () => {
    const { name, ids } = projectOnTwoPages();
    const page = await extension().openOptions(`#/reports?project=${encodeURIComponent(name)}&per_page=10`);
    await waitForRows(reportsTable(page), 10);
    await selectAllMatching(page, ids.length);
    // Slow answers, so the worker is stopped while a PATCH is on its way; the service takes that one in
    // after the restart, when reads are quick again: read back at once, it would look unchanged.
    api().controls.setLatency(2000);
    await page.getByLabel('New privacy').selectOption('1');
    await page.getByRole('button', { name: `Change privacy of ${ids.length}` }).click();
    await expect.poll(() => accepted().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => patches().some((request) => request.status === undefined)).toBe(true);
    await extension().restartServiceWorker();
    api().controls.setLatency(0);
    await page
      .getByText(`Changed the privacy of ${ids.length} of ${ids.length} reports.`, { exact: true })
      .waitFor({ timeout: 90_000 });
    expectEachChangedOnce(ids, 1);
    // The one in flight was read back, not sent again.
    expect(
      api().requests.some((request) => request.method === 'GET' && /\/reports\/\d+$/.test(request.path)),
    ).toBe(true);
  }, 150_000);
});

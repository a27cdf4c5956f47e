// What changed: phpRank overwrites a report when it analyses the page again; the extension keeps each
// analysis it sees (entrypoints/background/history.ts) and shows the change. Against the reference API
// in phpRank's dialect, whose regeneration fixes some tests and breaks others (reference-api/regeneration.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  launchExtension,
  useExtension,
  useReferenceApi,
  useTestServer,
  type ExtensionHarness,
} from './harness';
import { connect } from './options-helpers';
import { configure } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

interface IndexEntry {
  last: { score: number | null };
  previous: { score: number | null } | null;
  count: number;
}

async function historyIndex(harness: ExtensionHarness): Promise<Record<string, IndexEntry>> {
  return (await harness.getConnectionItem<Record<string, IndexEntry>>('local', 'historyIndex')) ?? {};
}

/** A scored report of a page of the test server, as the service has it. */
function seedReport(path: string) {
  const report = api().store.create({ url: `${web().url}${path}`, privacy: 0 });
  api().store.finishPending();
  return api()
    .store.reports()
    .find((each) => each.id === report.id)!;
}

const scoreOf = (report: { result: unknown }) => Math.round(Number(report.result));

describe('What changed', () => {
  it('keeps the analysis first seen and a regeneration’s, and says what changed', async () => {
    api().store.reset(false);
    await connect(extension(), api());
    const before = seedReport('/article?history');
    const page = await extension().openOptions(`/reports?details=${before.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    await panel.getByText('All fields').waitFor();
    await expect.poll(async () => (await historyIndex(extension()))[before.id]?.count).toBe(1);

    await panel.getByRole('button', { name: 'Regenerate results' }).click();
    await expect
      .poll(async () => (await historyIndex(extension()))[before.id]?.count, { timeout: 10_000 })
      .toBe(2);
    const after = api()
      .store.reports()
      .find((each) => each.id === before.id)!;
    // The new analysis fixed some tests and broke others (its score may come out the same).
    const snapshots =
      (await extension().getConnectionItem<{ failed: { key: string }[] }[]>(
        'local',
        `history:${before.id}`,
      )) ?? [];
    const failedKeys = snapshots.map((snapshot) => snapshot.failed.map((failure) => failure.key).sort());
    expect(failedKeys).toHaveLength(2);
    expect(failedKeys[0]).not.toEqual(failedKeys[1]);
    expect((await historyIndex(extension()))[before.id]).toMatchObject({
      previous: { score: scoreOf(before) },
      last: { score: scoreOf(after) },
    });
    // The details draw both analyses and compare them.
    const chart = panel.getByRole('listbox', { name: 'Score over time' });
    await expect.poll(() => chart.getByRole('option').count(), { timeout: 10_000 }).toBe(2);
    await panel.getByRole('heading', { name: /^Fixed \(\d+\)$/ }).waitFor();
    await panel.getByRole('heading', { name: /^New failures \(\d+\)$/ }).waitFor();
  });

  it('survives a browser restart; another connection keeps its own', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'page-reports-history-'));
    try {
      let browser = await launchExtension({ profile });
      try {
        api().store.reset(false);
        await configure(browser, api().url, api().apiKey);
        const report = seedReport('/article?restart');
        const page = await browser.openOptions(`/reports?details=${report.id}`);
        await page.getByRole('region', { name: 'Report details' }).getByText('All fields').waitFor();
        await expect.poll(async () => (await historyIndex(browser))[report.id]?.count).toBe(1);
      } finally {
        await browser.close();
      }
      browser = await launchExtension({ profile });
      try {
        // Read once the new worker has said which connection is active again.
        await expect
          .poll(async () => Object.values(await historyIndex(browser)).map((entry) => entry.count))
          .toEqual([1]);
        // Another connection: its own space, no history of the first one's reports.
        await browser.setStorage('session', { activeConnection: 'other' });
        expect(await historyIndex(browser)).toEqual({});
      } finally {
        await browser.close();
      }
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });
});

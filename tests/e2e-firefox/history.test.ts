// A report's history in Firefox, against the reference API speaking phpRank: the analysis the details
// read is kept (entrypoints/background/history.ts), and with an earlier one the details draw the score
// over time and say what changed.
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi } from '../e2e/support/fixtures';
import { waitFor } from '../e2e/support/wait';
import { useFirefox } from './support/fixtures';
import { byRole, count, find } from './support/page-queries';

const firefox = useFirefox();
const api = useReferenceApi();
const CONNECTION = 'e2e-connection'; // connectionItems' id

beforeEach(async () => {
  api().store.reset(true);
  await firefox().clearStorage('local');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

describe('History in Firefox', () => {
  it('keeps the analysis the details read, and with an earlier one draws the chart and what changed', async () => {
    const report = [...api().store.reports()].sort((a, b) => b.id - a.id)[0]!;
    const indexKey = `${CONNECTION}:historyIndex`;
    const page = await firefox().openExtensionPage(`options.html#/reports?details=${report.id}`);
    await find(page, byRole('region', 'Report details'));
    const kept = await waitFor(
      async () => {
        const index = (
          await firefox().getStorage<Record<string, Record<string, { count: number }>>>('local', [indexKey])
        )[indexKey];
        return index?.[String(report.id)];
      },
      { timeoutMs: 10_000, message: 'the analysis the details read, in the history' },
    );
    expect(kept.count).toBe(1);

    // An earlier analysis of the same report, as an older version of the page would have been kept.
    const historyKey = `${CONNECTION}:history:${report.id}`;
    const [snapshot] = (
      await firefox().getStorage<Record<string, { failed: unknown[] }[]>>('local', [historyKey])
    )[historyKey]!;
    const earlier = { ...snapshot, generatedAt: '2026-01-05T10:00:00Z', takenAt: 1, score: 12, failed: [] };
    await firefox().setStorage('local', { [historyKey]: [earlier, snapshot] });
    await page.close();
    const again = await firefox().openExtensionPage(`options.html#/reports?details=${report.id}`);
    const chart = await find(again, byRole('listbox', 'Score over time'));
    expect(await count(chart, byRole('option'))).toBe(2);
    await find(again, byRole('heading', `New failures (${snapshot!.failed.length})`));
  });
});

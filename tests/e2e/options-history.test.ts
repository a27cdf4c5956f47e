// The options page's history parts in Chromium, against the reference API speaking phpRank: the change
// beside a score in the Reports table, and the details' chart and comparison, read from a history seeded
// in storage as the background keeps it (lib/history.ts); axe in light and dark.
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, useExtension, useReferenceApi } from './harness';
import { bodyRows, connect, reportsTable } from './options-helpers';

const extension = useExtension();
const api = useReferenceApi();

const DAY = 86_400_000;

beforeEach(async () => {
  api().store.reset(true);
  await connect(extension(), api());
});

/** Three analyses of the newest report, the last one the analysis the service shows now. */
async function seedHistoryOfNewest() {
  const newest = [...api().store.reports()].sort((a, b) => b.id - a.id)[0]!;
  const score = Math.round(Number(newest.result));
  const now = Date.parse(newest.generated_at!);
  const at = (daysBefore: number) => new Date(now - daysBefore * DAY).toISOString();
  const failure = (key: string, importance: string, value: string | null = null) => ({
    key,
    importance,
    category: 'seo',
    value,
  });
  const snapshot = (generatedAt: string, points: number, failed: ReturnType<typeof failure>[]) => ({
    generatedAt,
    takenAt: Date.parse(generatedAt),
    score: points,
    band: points > 79 ? 'good' : points >= 49 ? 'decent' : 'bad',
    counts: { high: 1, medium: 1, low: 0, passed: 28 },
    failed,
  });
  const history = [
    snapshot(at(14), Math.max(0, score - 20), [
      failure('title', 'high', 'Home'),
      failure('favicon', 'medium'),
    ]),
    snapshot(at(7), Math.max(0, score - 9), [failure('favicon', 'medium'), failure('headings', 'high')]),
    snapshot(newest.generated_at!, score, [failure('favicon', 'medium'), failure('robots', 'high')]),
  ];
  // From Settings, which lists no reports: a list answer's history note (a read, then a write of the whole
  // index) running beside the seed could write the index back as it was before it.
  const page = await extension().openOptions('/settings');
  const { activeConnection } = await extension().getStorage<{ activeConnection: string }>(
    'session',
    'activeConnection',
  );
  await extension().setStorage('local', {
    [`${activeConnection}:history:${newest.id}`]: history,
    [`${activeConnection}:historyIndex`]: {
      [String(newest.id)]: {
        last: { generatedAt: history[2]!.generatedAt, score },
        previous: { generatedAt: history[1]!.generatedAt, score: history[1]!.score },
        count: 3,
        bytes: JSON.stringify(history).length,
        touched: now,
      },
    },
  });
  await page.close();
  return { newest, score, previous: history[1]!.score };
}

describe('Reports: the history', () => {
  it('shows the change beside the score and, in the details, the chart and what changed', async () => {
    const { newest, score, previous } = await seedHistoryOfNewest();
    const page = await extension().openOptions('/reports');
    const table = reportsTable(page);
    await bodyRows(table).first().waitFor();
    const change = score - previous;
    const mark = table.getByRole('img', {
      name: `up ${change} points from ${previous} at the previous analysis`,
    });
    await mark.waitFor();
    expect(await mark.innerText()).toBe(`▲ ${change} from ${previous}`);

    await page.goto(page.url().replace(/#.*$/, `#/reports?details=${newest.id}`));
    const details = page.getByRole('region', { name: 'Report details' });
    const chart = details.getByRole('listbox', { name: 'Score over time' });
    await chart.waitFor();
    expect(await chart.getByRole('option').count()).toBe(3);
    await details.getByRole('heading', { name: 'New failures (1)' }).waitFor();
    expect(await details.getByRole('heading', { name: 'Fixed (1)' }).count()).toBe(1);

    // The keyboard moves between the analyses of the chart.
    await chart.getByRole('option', { selected: true }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await chart.getByRole('option', { selected: true }).getAttribute('aria-label')).toContain(
      `score ${previous}`,
    );

    await details.getByLabel('Earlier analysis').selectOption({ index: 0 });
    await details.getByRole('heading', { name: 'Fixed (1)' }).waitFor();
    await details.getByText('Title has a problem').waitFor();

    expect((await checkBothSchemes(page, 'options-history')).violations).toEqual([]);
  });
});

describe('Settings: the history', () => {
  it('asks before clearing it: Cancel keeps every analysis, confirmed they are gone', async () => {
    await seedHistoryOfNewest();
    const { activeConnection } = await extension().getStorage<{ activeConnection: string }>(
      'session',
      'activeConnection',
    );
    const indexKey = `${activeConnection}:historyIndex`;
    const kept = async () =>
      Object.keys((await extension().getStorage<Record<string, object>>('local', indexKey))[indexKey] ?? {});
    const page = await extension().openOptions('/settings');
    const clear = page.getByRole('button', { name: 'Clear history' });
    await expect.poll(() => clear.isEnabled()).toBe(true);

    await clear.click();
    const dialog = page.getByRole('dialog', { name: 'Clear the history?' });
    await dialog.waitFor();
    expect((await checkBothSchemes(page, 'settings-history-clear')).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await kept()).toHaveLength(1);

    await clear.click();
    await dialog.getByRole('button', { name: 'Clear history' }).click();
    await page.getByText('History cleared.').waitFor();
    await expect.poll(kept).toEqual([]);
  });
});

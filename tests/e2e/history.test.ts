// What changed: phpRank overwrites a report when it analyses the page again; the extension keeps each
// analysis it sees (entrypoints/background/history.ts) and shows the change. Against the reference API
// in phpRank's dialect, whose regeneration fixes some tests and breaks others (reference-api/regeneration.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  launchExtension,
  screenshot,
  screenshotsDir,
  useExtension,
  useReferenceApi,
  useTestServer,
  type ExtensionHarness,
} from './harness';
import { checkBothSchemes, configure, openWebPage } from './popup-helpers';

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

/** Tests failing in the first analysis and not in the second. */
const snapshotsFixed = ([before, after]: string[][]) => before!.filter((key) => !after!.includes(key)).length;

const SCORED = /^(Good|Decent|Bad) · \d{1,3}$/;
const scoreOf = (report: { result: unknown }) => Math.round(Number(report.result));

describe('What changed', () => {
  it('create, then regenerate: the popup says what changed first, the details draw and compare both', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?history`;
    const tab = await openWebPage(extension(), url);
    let popup = await extension().openActionPopup(tab);
    await popup.getByRole('button', { name: 'Create report' }).click();
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText(SCORED).waitFor({ timeout: 15_000 });
    const [before] = api().store.reports();
    await expect.poll(async () => (await historyIndex(extension()))[before!.id]?.count).toBe(1);
    // One analysis: nothing to compare yet.
    expect(await popup.getByRole('group', { name: 'Change since the previous analysis' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Regenerate' }).click();
    await expect
      .poll(async () => (await historyIndex(extension()))[before!.id]?.count, { timeout: 15_000 })
      .toBe(2);
    const after = api()
      .store.reports()
      .find((each) => each.id === before!.id)!;
    // The new analysis fixed some tests and broke others (its score may come out the same).
    const snapshots =
      (await extension().getConnectionItem<{ failed: { key: string }[] }[]>(
        'local',
        `history:${before!.id}`,
      )) ?? [];
    const failedKeys = snapshots.map((snapshot) => snapshot.failed.map((failure) => failure.key).sort());
    expect(failedKeys).toHaveLength(2);
    expect(failedKeys[0]).not.toEqual(failedKeys[1]);
    expect((await historyIndex(extension()))[before!.id]).toMatchObject({
      previous: { score: scoreOf(before!) },
      last: { score: scoreOf(after) },
    });

    // The card says it first: the new score, the change from the previous one, and what it fixed and broke.
    const change = card.getByRole('group', { name: 'Change since the previous analysis' });
    await change.waitFor({ timeout: 10_000 });
    // Both ends of the change: "77, up 8 from 69 on Dec 2, 2026".
    const [was, now] = [scoreOf(before!), scoreOf(after)];
    expect(await change.innerText()).toContain(
      now === was
        ? `${now}, unchanged since `
        : `${now}, ${now > was ? '▲ up' : '▼ down'} ${Math.abs(now - was)} from ${was} on `,
    );
    const fixed = snapshotsFixed(failedKeys);
    if (fixed > 0) {
      await change.getByRole('button', { name: `${fixed} fixed` }).click();
      expect(await change.getByRole('listitem').count()).toBe(fixed);
    }
    expect((await checkBothSchemes(popup, 'history-change')).violations).toEqual([]);
    await extension().closeActionPopup();

    // A popup opened later shows it too.
    popup = await extension().openActionPopup(tab);
    await popup
      .getByRole('group', { name: 'Change since the previous analysis' })
      .waitFor({ timeout: 10_000 });

    // The details draw both analyses and compare them.
    const page = await extension().openOptions(`/reports?details=${before!.id}`);
    const panel = page.getByRole('region', { name: 'Report details' });
    const chart = panel.getByRole('listbox', { name: 'Score over time' });
    await expect.poll(() => chart.getByRole('option').count(), { timeout: 10_000 }).toBe(2);
    await panel.getByRole('heading', { name: /^Fixed \(\d+\)$/ }).waitFor();
    await panel.getByRole('heading', { name: /^New failures \(\d+\)$/ }).waitFor();
    await screenshot(page, 'history-details');
    // The README's picture: the chart and the comparison only, in a window tall enough for both.
    await page.setViewportSize({ width: 1280, height: 2400 });
    const top = (await panel.getByRole('heading', { name: 'Score over time' }).boundingBox())!;
    const end = (await panel.getByRole('heading', { name: /^Still failing/ }).boundingBox())!;
    await page.screenshot({
      path: join(screenshotsDir, 'history-details-chart.png'),
      clip: { x: top.x - 16, y: top.y - 16, width: 800, height: end.y - top.y + 40 },
    });
  });

  it('a big drop says both ends and is drawn big on the 0–100 scale', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const report = seedReport('/article?drop');
    const score = scoreOf(report);
    const earlier = Math.min(100, score + 42);
    // An analysis on Jan 6 kept before this one, as the background keeps it.
    const kept = {
      generatedAt: '2026-01-06T10:00:00.000000Z',
      takenAt: Date.parse('2026-01-06T10:00:00Z'),
      score: earlier,
      band: earlier > 79 ? 'good' : earlier >= 49 ? 'decent' : 'bad',
      counts: { high: 0, medium: 0, low: 0, passed: 33 },
      failed: [],
    };
    await extension().setStorage('local', {
      [`e2e-connection:history:${report.id}`]: [kept],
    });
    const tab = await openWebPage(extension(), `${web().url}/article?drop`);
    const popup = await extension().openActionPopup(tab);
    const change = popup.getByRole('group', { name: 'Change since the previous analysis' });
    await change.waitFor({ timeout: 10_000 });
    const line = await change.innerText();
    expect(line).toContain(`${score}, ▼ down ${earlier - score} from ${earlier} on Jan 6, 2026`);
    const sparkline = change.getByRole('img', { name: `Score over 2 analyses: ${earlier} → ${score}` });
    const box = (await sparkline.boundingBox())!;
    const points = (await sparkline.locator('polyline').getAttribute('points'))!
      .split(' ')
      .map((point) => Number(point.split(',')[1]));
    // The line falls over (earlier - score)% of the drawing's height: a big drop looks big.
    expect(points[1]! - points[0]!).toBeGreaterThanOrEqual(
      ((earlier - score) / 100) * (box.height - 4) - 0.5,
    );
    expect((await checkBothSchemes(popup, 'popup-score-drop')).violations).toEqual([]);
    await popup.screenshot({ path: join(screenshotsDir, 'popup-score-drop.png') });
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

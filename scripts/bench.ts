// `npm run bench`: how fast the extension feels, measured in real Chromium against the reference API.
// Figures, not pass/fail: timed assertions would be flaky; bundle budgets are enforced in `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startReferenceApi } from '../reference-api/index';
import { connectionItems } from '../tests/e2e/support/connection';
import { launchExtension } from '../tests/e2e/support/extension';
import { projectRoot } from '../tests/e2e/support/paths';
import { startTestServer } from '../tests/e2e/support/test-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const buildDir = 'bench-chrome-mv3';

/**
 * Installed before any page script: records (in page time, ms) when 100 table rows first exist. Plain text,
 * because tsx rewrites functions with helpers that do not exist inside the page.
 */
const RECORD_MILESTONES = `
  const marks = (globalThis.__milestones = {});
  new MutationObserver(() => {
    if (!('rows100' in marks) && document.querySelectorAll('table tbody tr').length >= 100) {
      marks.rows100 = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** Paint timings of a page that is already showing its content (buffered, so nothing is missed). */
function paintTimings(
  page: Page,
): Promise<{ firstContentfulPaint?: number; largestContentfulPaint?: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const timings: { firstContentfulPaint?: number; largestContentfulPaint?: number } = {};
        new PerformanceObserver((list) => {
          timings.firstContentfulPaint = list.getEntriesByName('first-contentful-paint')[0]?.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          timings.largestContentfulPaint = list.getEntries().at(-1)?.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Paint entries arrive a frame after the content; half a second is plenty for both.
        setTimeout(() => resolve(timings), 500);
      }),
  );
}

async function milestones(page: Page, wanted: string): Promise<Record<string, number>> {
  await page.waitForFunction(
    (name) => name in ((globalThis as unknown as { __milestones?: object }).__milestones ?? {}),
    wanted,
    { timeout: 15_000 },
  );
  return page.evaluate(() => {
    const marks = { ...(globalThis as unknown as { __milestones: Record<string, number> }).__milestones };
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (paint) marks.firstContentfulPaint = paint.startTime;
    return marks;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;

async function main() {
  console.log(`Building the extension for the benchmark (.output/${buildDir})…`);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    stdio: 'ignore',
    env: { ...process.env, PAGE_REPORTS_E2E_DIR: buildDir },
  });
  const api = await startReferenceApi({ port: 0, seed: true });
  const web = await startTestServer();
  const extension = await launchExtension({ extensionDir: join(projectRoot, '.output', buildDir) });
  const samples: Record<string, number[]> = {};
  const add = (name: string, value: number | undefined) => {
    if (value !== undefined) (samples[name] ??= []).push(value);
  };
  try {
    await extension.setStorage('local', connectionItems(api.url, api.apiKey));
    await extension.context.addInitScript({ content: RECORD_MILESTONES });
    const article = await extension.context.newPage();
    await article.goto(`${web.url}/article`);

    for (let run = 0; run < RUNS; run++) {
      // An empty page: the floor any page of ours is compared with.
      const blank = await extension.context.newPage();
      await blank.goto('data:text/html,<title>Empty</title><p>Empty page</p>');
      add('empty page: first contentful paint', (await paintTimings(blank)).firstContentfulPaint);
      await blank.close();

      // The real action popup over a web page (its cache is warm after the first run). It opens on its
      // own connection, so no init script reaches it: paint timings are read back once it shows reports.
      const popup = await extension.openActionPopup(article);
      await popup.locator('.recent-list li').first().waitFor({ timeout: 15_000 });
      const popupPaints = await paintTimings(popup);
      add('popup: first contentful paint', popupPaints.firstContentfulPaint);
      add('popup: largest contentful paint', popupPaints.largestContentfulPaint);
      await extension.closeActionPopup();

      // The options page with a page of 100 reports.
      const options = await extension.openOptions('#/reports?per_page=100');
      const optionMarks = await milestones(options, 'rows100');
      add('options: first contentful paint', optionMarks.firstContentfulPaint);
      add('options: 100 report rows shown', optionMarks.rows100);
      await options.close();
    }

    // One message to the background and back (settings.get: no network).
    const page = await extension.openOptions('#/settings');
    const roundTrips = await page.evaluate(async (count) => {
      const chrome = (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome;
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        await chrome.runtime.sendMessage({ type: 'settings.get', payload: {} });
        times.push(performance.now() - start);
      }
      return times;
    }, RUNS * 4);
    for (const time of roundTrips) add('message round trip (settings.get)', time);
  } finally {
    await extension.close();
    await web.close();
    await api.close();
  }

  const rows = Object.entries(samples).map(([name, values]) => ({
    measure: name,
    'median ms': Number(median(values).toFixed(1)),
    'p90 ms': Number(p90(values).toFixed(1)),
    runs: values.length,
  }));
  console.table(rows);
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
  writeFileSync(join(projectRoot, 'test-results/bench.json'), JSON.stringify({ runs: RUNS, rows }, null, 2));
  console.log('Bundle sizes (production build):');
  execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  // Shown, not enforced here: `npm test` enforces the budgets.
  spawnSync('node', ['scripts/check-bundle-size.mjs'], { stdio: 'inherit' });
}

await main();

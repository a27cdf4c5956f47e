// `npm run bench`: how fast the extension feels, measured in real Chromium against the reference API.
// Figures, not pass/fail: timed assertions would be flaky; bundle budgets are enforced in `npm test`.
// Writes bench/results.json and the README's "Performance" table (between its bench markers).
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startReferenceApi, type ReferenceApi } from '../reference-api/index';
import { connectionItems } from '../tests/e2e/support/connection';
import { launchExtension, type ExtensionHarness, type WithChrome } from '../tests/e2e/support/extension';
import { chromiumPath, projectRoot } from '../tests/e2e/support/paths';
import { startTestServer } from '../tests/e2e/support/test-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const buildDir = 'bench-chrome-mv3';
/**
 * The floors: an empty page of the extension, in a tab (for the options page) and as the toolbar popup (for
 * the popup: Chrome opens and sizes a popup window before it paints, whatever the page). Written into the
 * bench's build only. A data: page is timed too, for comparison with earlier runs.
 */
const EMPTY_PAGE = 'empty.html';
/**
 * An inert extension page that asks for the popup while the worker is stopped. A file of its own: the
 * harness finds the popup by its path, so a tab at empty.html would be taken for the empty popup.
 */
const OPENER_PAGE = 'opener.html';
const EMPTY_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Empty</title></head><body><p>Empty page</p></body></html>';
const EMPTY_TAB = 'empty extension page in a tab: first contentful paint';
const EMPTY_POPUP = 'empty extension page as the popup: first contentful paint';
const EMPTY_DATA_URL = 'empty data: page: first contentful paint';
/** The popup marks this (User Timing) in the frame that first paints this page's report and the recent list. */
const DATA_READY_MARK = 'data-ready';

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

/**
 * Clicks the button named "Create report" (in the page, so the popup keeps its focus) and measures from the
 * click's event to the frame painted after its handlers ran: a message posted from requestAnimationFrame
 * is handled once that frame is out. Plain text, like RECORD_MILESTONES.
 */
const CLICK_TO_NEXT_PAINT = `new Promise((resolve) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Create report');
  document.addEventListener('click', (event) => {
    const clicked = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - clicked);
      channel.port2.postMessage(null);
    });
  }, { capture: true, once: true });
  button.click();
})`;

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

async function dataReady(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => performance.getEntriesByName(name)[0]?.startTime,
    DATA_READY_MARK,
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
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

/** Resolves once no request reached the API for `quietMs` (at most 10 s: a followed report keeps asking). */
async function requestsSettle(api: ReferenceApi, quietMs = 800): Promise<void> {
  const deadline = Date.now() + 10_000;
  let count = -1;
  while (count !== api.requests.length && Date.now() < deadline) {
    count = api.requests.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;

/**
 * What each measure should be; `ratio` = at most this many times the first paint of the empty extension page
 * in the same place (popup measures: EMPTY_POPUP; the others: EMPTY_TAB).
 */
interface Goal {
  ratio?: number;
  max?: number;
  unit: 'ms' | 'requests' | 'KB';
}
const GOALS: Record<string, Goal | undefined> = {
  'popup: first contentful paint': { unit: 'ms' },
  'popup: largest contentful paint': { ratio: 1.3, unit: 'ms' },
  'popup: data ready, worker warm': { unit: 'ms' },
  'popup: data ready, worker stopped first': { unit: 'ms' },
  'popup: requests on opening (warm cache)': { max: 2, unit: 'requests' },
  'popup: click on "Create report" to next paint': { unit: 'ms' },
  'options: first contentful paint': { ratio: 1.2, unit: 'ms' },
  'options: 100 report rows shown': { ratio: 1.5, unit: 'ms' },
  'options: search requests typing "example" (100 ms a key)': { max: 2, unit: 'requests' },
  'badge: requests on 10 tab switches (setting on)': { max: 0, unit: 'requests' },
};

/** Which page the toolbar button opens (the manifest's popup.html, or the empty page for its floor). */
async function setPopup(extension: ExtensionHarness, page: string): Promise<void> {
  await (
    await extension.getServiceWorker()
  ).evaluate((popup) => (globalThis as unknown as WithChrome).chrome.action.setPopup({ popup }), page);
}

async function measure(extension: ExtensionHarness, api: ReferenceApi, webUrl: string) {
  const samples: Record<string, number[]> = {};
  const add = (name: string, value: number | undefined) => {
    if (value !== undefined) (samples[name] ??= []).push(value);
  };
  let staleAnswers = 0;

  await extension.setStorage('local', connectionItems(api.url, api.apiKey));
  await extension.context.addInitScript({ content: RECORD_MILESTONES });
  const article = await extension.context.newPage();
  await article.goto(`${webUrl}/article`);
  // An extension page in a background tab, to ask for the popup with the worker stopped (the worker itself
  // would have to run to ask). Opened now: activating a tab later would wake the worker (tabs.onActivated).
  const opener = await extension.context.newPage();
  await opener.goto(extension.extensionUrl(OPENER_PAGE));
  await article.bringToFront();
  // Once, unmeasured: fills the popup's cache, as any earlier use would.
  await dataReady(await extension.openActionPopup(article));
  await requestsSettle(api);
  await extension.closeActionPopup();

  for (let run = 0; run < RUNS; run++) {
    // Empty pages: the floors any page of ours is compared with.
    const blank = await extension.context.newPage();
    await blank.goto('data:text/html,<title>Empty</title><p>Empty page</p>');
    add(EMPTY_DATA_URL, (await paintTimings(blank)).firstContentfulPaint);
    await blank.goto(extension.extensionUrl(EMPTY_PAGE));
    add(EMPTY_TAB, (await paintTimings(blank)).firstContentfulPaint);
    await blank.close();
    await setPopup(extension, EMPTY_PAGE);
    const emptyPopup = await extension.openActionPopup(article, { path: `/${EMPTY_PAGE}` });
    add(EMPTY_POPUP, (await paintTimings(emptyPopup)).firstContentfulPaint);
    await extension.closeActionPopup();
    await setPopup(extension, 'popup.html');

    // The real action popup over a web page, its cache warm. It opens on its own connection, so no init
    // script reaches it: paint timings are read back once it shows its data.
    const before = api.requests.length;
    const popup = await extension.openActionPopup(article);
    add('popup: data ready, worker warm', await dataReady(popup));
    const popupPaints = await paintTimings(popup);
    add('popup: first contentful paint', popupPaints.firstContentfulPaint);
    add('popup: largest contentful paint', popupPaints.largestContentfulPaint);
    await requestsSettle(api);
    add('popup: requests on opening (warm cache)', api.requests.length - before);
    await extension.closeActionPopup();

    // The options page with a page of 100 reports.
    const options = await extension.openOptions('#/reports?per_page=100');
    const optionMarks = await milestones(options, 'rows100');
    add('options: first contentful paint', optionMarks.firstContentfulPaint);
    add('options: 100 report rows shown', optionMarks.rows100);
    await options.close();
  }

  // The popup again, its worker stopped first and asked for from the opener page: the popup's own
  // messages wake the worker, a fresh instance with nothing in memory (the cache is stored). The harness
  // throws if the worker runs again before the popup is asked for.
  await article.bringToFront();
  for (let run = 0; run < RUNS; run++) {
    await extension.stopServiceWorker();
    const popup = await extension.openActionPopup(article, { opener });
    add('popup: data ready, worker stopped first', await dataReady(popup));
    // The popup woke it: a fresh instance, not the stopped one.
    await extension.waitForServiceWorker();
    await requestsSettle(api, 300);
    await extension.closeActionPopup();
  }

  // Typing a search, 100 ms a key: how many requests leave, and whether an older answer ever shows last.
  for (let run = 0; run < Math.min(RUNS, 5); run++) {
    const options = await extension.openOptions('#/reports');
    await options.locator('table tbody tr').first().waitFor({ timeout: 15_000 });
    await requestsSettle(api, 300);
    const before = api.requests.length;
    await options.getByLabel('Search by URL').pressSequentially('example', { delay: 100 });
    await options.waitForFunction(() => location.hash.includes('search=example'), undefined, {
      timeout: 15_000,
    });
    await options.locator('table[aria-busy="false"]:not(.is-busy)').waitFor({ timeout: 15_000 });
    await requestsSettle(api, 1_000);
    const searches = api.requests
      .slice(before)
      .filter((request) => request.path.endsWith('/reports') && request.query.search !== undefined);
    add('options: search requests typing "example" (100 ms a key)', searches.length);
    const urls = await options.locator('table tbody th[scope="row"]').allTextContents();
    if (urls.length === 0 || !urls.every((url) => url.includes('example'))) staleAnswers++;
    await options.close();
  }

  // "Create report" in the popup over a page without a report: from the click to the frame that shows it.
  for (let run = 0; run < RUNS; run++) {
    const own = api.store.reports().filter((report) => report.url.includes('127.0.0.1'));
    for (const report of own) api.store.deleteReport(report.id);
    const popup = await extension.openActionPopup(article);
    // Enabled: the form waits (disabled) until the popup knows the page has no report yet.
    const create = popup.getByRole('button', { name: 'Create report', disabled: false });
    await create.waitFor({ timeout: 15_000 });
    // From navigation start; includes the test's polling (a few ms).
    add(
      'popup: "Create report" usable (page without a report)',
      await popup.evaluate(() => performance.now()),
    );
    add(
      'popup: click on "Create report" to next paint',
      (await popup.evaluate(CLICK_TO_NEXT_PAINT)) as number,
    );
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor({ timeout: 15_000 });
    await requestsSettle(api, 300);
    await extension.closeActionPopup();
  }

  add('badge: requests on 10 tab switches (setting on)', await badgeSwitchRequests(extension, api, article));

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
  return { samples, staleAnswers };
}

/**
 * The toolbar score on (as the Settings checkbox stores it; the bench build holds `tabs`), its index
 * built: the requests 10 tab switches make, each switch proven handled by the badge being written again.
 */
async function badgeSwitchRequests(extension: ExtensionHarness, api: ReferenceApi, article: Page) {
  const other = await extension.context.newPage();
  await other.goto(`${new URL(article.url()).origin}/article?other`);
  await extension.setStorage('local', { toolbarScore: true });
  const worker = await extension.getServiceWorker();
  const tabs = await worker.evaluate(
    async (urls) => {
      const all = await (globalThis as unknown as WithChrome).chrome.tabs.query({});
      return urls.map((url) => all.find((tab) => tab.url === url)!.id!);
    },
    [article.url(), other.url()],
  );
  // The index is built once the article's badge shows its score.
  await worker.evaluate(async (tab: number) => {
    const { chrome } = globalThis as unknown as WithChrome;
    const deadline = Date.now() + 15_000;
    while ((await chrome.action.getBadgeText({ tabId: tab })) === '') {
      if (Date.now() > deadline) throw new Error('the toolbar score never showed');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, tabs[0]!);
  await requestsSettle(api, 300);
  const before = api.requests.length;
  for (let i = 0; i < 10; i++) {
    await worker.evaluate(
      async (tab) => {
        const { chrome } = globalThis as unknown as WithChrome;
        await chrome.action.setBadgeText({ tabId: tab, text: '?' });
        await chrome.tabs.update(tab, { active: true });
        while ((await chrome.action.getBadgeText({ tabId: tab })) === '?')
          await new Promise((r) => setTimeout(r, 20));
      },
      tabs[i % 2]!,
    );
  }
  await requestsSettle(api, 300);
  const switches = api.requests.length - before;
  await extension.setStorage('local', { toolbarScore: false });
  await other.close();
  return switches;
}

/** KB of gzip of each page's start-up scripts, and of the background (as scripts/check-bundle-size.mjs). */
function bundleSizes(dir: string): Record<string, number> {
  const gzipKb = (file: string) => gzipSync(readFileSync(join(dir, file))).length / 1024;
  const sizes: Record<string, number> = {};
  for (const page of ['popup', 'options']) {
    const html = readFileSync(join(dir, `${page}.html`), 'utf8');
    const scripts = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!));
    sizes[page] = [...scripts].reduce((sum, file) => sum + gzipKb(file), 0);
  }
  sizes.background = gzipKb('background.js');
  return sizes;
}

function machine() {
  const cpu =
    readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpus()[0]?.model;
  let chromium = 'unknown';
  try {
    chromium = execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Shown as unknown.
  }
  return { cores: cpus().length, cpu: cpu ?? 'unknown', chromium, node: process.version };
}

const fmt = (value: number, unit: string) =>
  unit === 'ms' ? value.toFixed(0) : String(Number(value.toFixed(1)));

async function main() {
  console.log(`Building the extension for the benchmark (.output/${buildDir})…`);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    stdio: 'ignore',
    env: { ...process.env, PAGE_REPORTS_E2E_DIR: buildDir },
  });
  writeFileSync(join(projectRoot, '.output', buildDir, EMPTY_PAGE), EMPTY_HTML);
  writeFileSync(join(projectRoot, '.output', buildDir, OPENER_PAGE), EMPTY_HTML);
  const api = await startReferenceApi({ port: 0, seed: true });
  // Every seeded address contains "example": this one matches each shorter search ("e" … "exampl") but
  // not "example", so an older answer shown last would show a row without "example" (counted as stale).
  api.store.create({ url: 'https://exampl.test/almost', privacy: 0 });
  const web = await startTestServer();
  const extension = await launchExtension({ extensionDir: join(projectRoot, '.output', buildDir) });
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(extension, api, web.url);
  } finally {
    await extension.close();
    await web.close();
    await api.close();
  }
  const { samples, staleAnswers } = measured;

  console.log('Production build and zip (wxt zip)…');
  for (const file of readdirSync(join(projectRoot, '.output'))) {
    if (file.endsWith('.zip')) rmSync(join(projectRoot, '.output', file));
  }
  execFileSync('npx', ['wxt', 'zip'], { stdio: 'ignore' });
  const zip = readdirSync(join(projectRoot, '.output')).find((file) => file.endsWith('-chrome.zip'));
  const sizes = bundleSizes(join(projectRoot, '.output/chrome-mv3'));

  const floors = { tab: median(samples[EMPTY_TAB] ?? []), popup: median(samples[EMPTY_POPUP] ?? []) };
  const order = [EMPTY_DATA_URL, EMPTY_TAB, EMPTY_POPUP, ...Object.keys(GOALS)];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const entries = Object.entries(samples).sort(([a], [b]) => rank(a) - rank(b));
  const rows = entries.map(([name, values]) => {
    const goal = GOALS[name];
    const value = median(values);
    // Only what is timed from a page's navigation start compares with the empty page's first paint.
    const floor = name.startsWith('popup:') ? floors.popup : floors.tab;
    const ratio = goal?.unit === 'ms' && !/click|round trip/.test(name) ? value / floor : null;
    const target = goal?.ratio !== undefined ? goal.ratio * floor : goal?.max;
    return {
      measure: name,
      median: Number(value.toFixed(1)),
      p90: Number(p90(values).toFixed(1)),
      unit: goal?.unit ?? 'ms',
      ratioToEmptyPage: ratio === null || name.startsWith('empty') ? null : Number(ratio.toFixed(2)),
      goal:
        goal?.ratio !== undefined
          ? `≤ ${goal.ratio}× empty page`
          : goal?.max !== undefined
            ? `≤ ${goal.max}`
            : null,
      met: target === undefined ? null : value <= target,
      runs: values.length,
    };
  });
  const staleRuns = samples['options: search requests typing "example" (100 ms a key)']?.length ?? 0;
  const budgets = { popup: 15, options: 30, background: 30 };
  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: machine(),
    rows,
    searchStaleAnswersShown: { runs: staleRuns, stale: staleAnswers },
    bundles: Object.fromEntries(
      Object.entries(sizes).map(([name, kb]) => [
        name,
        { gzipKb: Number(kb.toFixed(1)), budgetKb: budgets[name as keyof typeof budgets] },
      ]),
    ),
    zippedExtensionKb: zip
      ? Number((statSync(join(projectRoot, '.output', zip)).size / 1024).toFixed(1))
      : null,
  };
  console.table(rows);
  mkdirSync(join(projectRoot, 'bench'), { recursive: true });
  writeFileSync(join(projectRoot, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeReadme(results);
  console.log("Wrote bench/results.json and the README's Performance table.");
}

function writeReadme(results: {
  runs: number;
  date: string;
  machine: ReturnType<typeof machine>;
  rows: {
    measure: string;
    median: number;
    unit: string;
    ratioToEmptyPage: number | null;
    goal: string | null;
    met: boolean | null;
    runs: number;
  }[];
  searchStaleAnswersShown: { runs: number; stale: number };
  bundles: Record<string, { gzipKb: number; budgetKb: number | undefined }>;
  zippedExtensionKb: number | null;
}) {
  const readmePath = join(projectRoot, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!readme.includes(start) || !readme.includes(end)) {
    console.warn(`README.md has no ${start} … ${end}: the table was not written.`);
    return;
  }
  const { machine: m } = results;
  const mark = (met: boolean | null) => (met === null ? '' : met ? ' ✓' : ' ✗');
  const lines = [
    `Medians of ${results.runs} runs (\`BENCH_RUNS=${results.runs} npm run bench\`, ${results.date.slice(0, 10)}) on ${m.cores} cores of ${m.cpu}, ${m.chromium}, headless. Times are from the page's navigation start; "×" is the ratio to the first paint of an empty page of the extension in the same place and the same run: as the toolbar popup for the popup's measures, in a tab for the options page's.`,
    '',
    '| Measure | Median | × empty page | Goal |',
    '| --- | --- | --- | --- |',
    ...results.rows.map(
      (row) =>
        `| ${row.measure} | ${fmt(row.median, row.unit)}${row.unit === 'ms' ? ' ms' : ''} | ${row.ratioToEmptyPage === null ? '' : `${row.ratioToEmptyPage}×`} | ${row.goal ?? ''}${mark(row.met)} |`,
    ),
    `| options: older search answer shown last | ${results.searchStaleAnswersShown.stale} of ${results.searchStaleAnswersShown.runs} runs |  | none${mark(results.searchStaleAnswersShown.stale === 0)} |`,
    ...Object.entries(results.bundles).map(
      ([name, { gzipKb, budgetKb }]) =>
        `| ${name === 'background' ? 'background script' : `${name} start-up scripts`} (gzip) | ${gzipKb} KB |  | ${budgetKb === undefined ? '' : `≤ ${budgetKb} KB${mark(gzipKb <= budgetKb)}`} |`,
    ),
    `| zipped extension (\`wxt zip\`) | ${results.zippedExtensionKb ?? '?'} KB |  |  |`,
  ];
  const table = lines.join('\n');
  const before = readme.slice(0, readme.indexOf(start) + start.length);
  const after = readme.slice(readme.indexOf(end));
  writeFileSync(readmePath, `${before}\n\n${table}\n\n${after}`);
  try {
    execFileSync('npx', ['prettier', '--write', 'README.md', 'bench/results.json'], {
      cwd: projectRoot,
      stdio: 'ignore',
    });
  } catch {
    // Formatting is cosmetic here.
  }
}

await main();

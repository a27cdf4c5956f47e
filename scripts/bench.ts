// `npm run bench`: how fast the extension feels, measured in real Chromium against the reference API.
// Paired runs: each run times an empty extension page and the real page right after each other (which goes
// first alternates), so whatever else the machine is doing at that moment weighs on both; each pair gives
// one ratio. Figures, not pass/fail: timed assertions would be flaky (`npm test` guards the sizes).
// Writes bench/results.json and the table in docs/performance.md (between its bench markers).
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startReferenceApi, type ReferenceApi } from '../reference-api/index';
import { connectionItems } from '../tests/e2e/support/connection';
import { launchExtension, type ExtensionHarness, type WithChrome } from '../tests/e2e/support/extension';
import { chromiumPath, projectRoot } from '../tests/e2e/support/paths';
import { startTestServer } from '../tests/e2e/support/test-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const buildDir = 'bench-chrome-mv3';
/**
 * The floor: an empty page of the extension, in a tab (for the options page) and as the toolbar popup (for
 * the popup: Chrome opens and sizes a popup window before it paints, whatever the page). Written into the
 * bench's build only.
 */
const EMPTY_PAGE = 'empty.html';
const EMPTY_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Empty</title></head><body><p>Empty page</p></body></html>';
/**
 * The least a page with data could do, also written into the bench's build only: read one item from
 * storage.session as the real pages read their kept reports (their bindings created the first time, one
 * round trip), then paint it with plain DOM. The popup's paints one line of one kept report; the rows' page
 * a plain table of the first 20 of a kept list of 100, and marks when the frame showing them is out (as
 * RECORD_ROWS does for the options page).
 */
const FLOOR_POPUP = 'floor-popup.html';
const FLOOR_ROWS = 'floor-rows.html';
const FLOOR_REPORT_KEY = 'benchFloorReport';
const FLOOR_LIST_KEY = 'benchFloorList';
const FLOOR_ROWS_MARK = 'floor-rows';
const floorPage = (title: string, script: string, body = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script type="module" src="${script}"></script></head><body>${body}</body></html>`;
const FLOOR_FILES = {
  [FLOOR_POPUP]: floorPage('Floor: popup', 'floor-popup.js'),
  'floor-popup.js': `
    const { ${FLOOR_REPORT_KEY}: report } = await chrome.storage.session.get('${FLOOR_REPORT_KEY}');
    document.body.append(\`\${report.url}: \${report.result} · \${report.score}\`);
  `,
  [FLOOR_ROWS]: floorPage('Floor: rows', 'floor-rows.js', '<table><tbody></tbody></table>'),
  'floor-rows.js': `
    const { ${FLOOR_LIST_KEY}: reports } = await chrome.storage.session.get('${FLOOR_LIST_KEY}');
    const rows = document.querySelector('tbody');
    for (const report of reports.slice(0, 20)) {
      const row = rows.insertRow();
      for (const text of [report.url, report.result, report.score, report.createdAt]) row.insertCell().textContent = text;
    }
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => performance.mark('${FLOOR_ROWS_MARK}');
      channel.port2.postMessage(null);
    });
  `,
};
const REPORTS_100 = '#/reports?per_page=100';
/** The popup marks this (User Timing) in the frame that first paints this page's report and the recent list. */
const DATA_READY_MARK = 'data-ready';

/**
 * Installed in the options page before its scripts: records (in page time, ms) when the table's rows first
 * fill the window ("firstScreen") and when all 100 exist ("all"), each once the frame showing them is out
 * (a message posted from requestAnimationFrame is handled after that frame). Plain text, because tsx
 * rewrites functions with helpers that do not exist inside the page.
 */
const RECORD_ROWS = `
  if (location.pathname.endsWith('/options.html')) {
    const marks = (globalThis.__rows = {});
    const afterThisFrame = (name) => {
      marks[name] = null;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks[name] = performance.now(); };
      channel.port2.postMessage(null);
    };
    const watch = () => {
      const rows = document.querySelectorAll('table tbody tr');
      const last = rows[rows.length - 1];
      if (!('firstScreen' in marks) && last && (rows.length >= 100 || last.getBoundingClientRect().bottom >= innerHeight))
        afterThisFrame('firstScreen');
      if (rows.length >= 100) afterThisFrame('all');
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }
`;

/**
 * What each measure is compared with in the same run, and the most it may be as a multiple of that: the
 * floors with data against the empty pages (no goal: they say what is reachable at all), the real pages
 * against the floor of their kind (the issue's goals), the options page's first paint against the empty tab.
 */
const POPUP_FLOOR = 'popup floor: one stored line painted';
const ROWS_FLOOR = 'rows floor: 20 stored rows of a plain table painted';
const MEASURES = {
  [POPUP_FLOOR]: { floor: 'empty popup', goal: null },
  'popup: largest contentful paint': { floor: POPUP_FLOOR, goal: 1.2 },
  'options: first contentful paint': { floor: 'empty tab', goal: 1.2 },
  [ROWS_FLOOR]: { floor: 'empty tab', goal: null },
  'options, 100 rows a page: rows of the first screen painted': { floor: ROWS_FLOOR, goal: 1.3 },
  'options, 100 rows a page: all 100 rows painted': { floor: ROWS_FLOOR, goal: 2 },
} as const;
type Measure = keyof typeof MEASURES;
type Floor = 'empty tab' | 'empty popup';
const FLOOR_NAMES: Record<Floor, string> = {
  'empty tab': 'empty extension page in a tab: first contentful paint',
  'empty popup': 'empty extension page as the popup: first contentful paint',
};
/** What one page's opening measured: its measures, or the first paint of an empty page. */
type Values = Partial<Record<Measure | Floor, number>>;

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

async function dataReady(page: Page): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, DATA_READY_MARK, {
    timeout: 15_000,
  });
}

/** Resolves once no request reached the API for `quietMs` (at most 10 s). */
async function requestsSettle(api: ReferenceApi, quietMs = 500): Promise<void> {
  const deadline = Date.now() + 10_000;
  let count = -1;
  while (count !== api.requests.length && Date.now() < deadline) {
    count = api.requests.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/** Which page the toolbar button opens (the manifest's popup.html, or a page written for the bench). */
async function setPopup(extension: ExtensionHarness, page: string): Promise<void> {
  await (
    await extension.getServiceWorker()
  ).evaluate((popup) => (globalThis as unknown as WithChrome).chrome.action.setPopup({ popup }), page);
}

async function emptyTab(extension: ExtensionHarness): Promise<Values> {
  const page = await extension.context.newPage();
  await page.goto(extension.extensionUrl(EMPTY_PAGE));
  const { firstContentfulPaint } = await paintTimings(page);
  await page.close();
  return { 'empty tab': firstContentfulPaint };
}

async function floorRows(extension: ExtensionHarness): Promise<Values> {
  const page = await extension.context.newPage();
  await page.goto(extension.extensionUrl(FLOOR_ROWS));
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, FLOOR_ROWS_MARK);
  const painted = await page.evaluate(
    (name) => performance.getEntriesByName(name)[0]!.startTime,
    FLOOR_ROWS_MARK,
  );
  await page.close();
  return { 'rows floor: 20 stored rows of a plain table painted': painted };
}

async function optionsWith100Rows(extension: ExtensionHarness): Promise<Values> {
  const page = await extension.openOptions(REPORTS_100);
  const handle = await page.waitForFunction(
    () => {
      const rows = (globalThis as unknown as { __rows: Record<string, number | null> }).__rows;
      return typeof rows.all === 'number' && typeof rows.firstScreen === 'number' && rows;
    },
    undefined,
    { timeout: 15_000 },
  );
  const rows = (await handle.jsonValue()) as { firstScreen: number; all: number };
  const { firstContentfulPaint } = await paintTimings(page);
  await page.close();
  return {
    'options: first contentful paint': firstContentfulPaint,
    'options, 100 rows a page: rows of the first screen painted': rows.firstScreen,
    'options, 100 rows a page: all 100 rows painted': rows.all,
  };
}

/** A page written for the bench, opened as the toolbar popup over `article`: its paint timings. */
async function benchPopup(extension: ExtensionHarness, article: Page, path: string) {
  await setPopup(extension, path);
  const popup = await extension.openActionPopup(article, { path: `/${path}` });
  const timings = await paintTimings(popup);
  await extension.closeActionPopup();
  await setPopup(extension, 'popup.html');
  return timings;
}

async function emptyPopup(extension: ExtensionHarness, article: Page): Promise<Values> {
  return { 'empty popup': (await benchPopup(extension, article, EMPTY_PAGE)).firstContentfulPaint };
}

async function floorPopup(extension: ExtensionHarness, article: Page): Promise<Values> {
  const { largestContentfulPaint } = await benchPopup(extension, article, FLOOR_POPUP);
  return { 'popup floor: one stored line painted': largestContentfulPaint };
}

/** The real action popup over a web page, its cache warm, once it shows its data. */
async function realPopup(extension: ExtensionHarness, article: Page, api: ReferenceApi): Promise<Values> {
  const popup = await extension.openActionPopup(article);
  await dataReady(popup);
  const { largestContentfulPaint } = await paintTimings(popup);
  await requestsSettle(api);
  await extension.closeActionPopup();
  return { 'popup: largest contentful paint': largestContentfulPaint };
}

/**
 * The floors' data: copies of kept reports as the background stored them (the reports the warm-up's
 * pages saw), under keys of their own.
 */
async function writeFloorData(extension: ExtensionHarness): Promise<void> {
  const stored = await extension.getStorage('session');
  const copies = Object.entries(stored)
    .filter(([key]) => key.includes(':report:'))
    .map(([, copy]) => copy)
    .slice(0, 100);
  await extension.setStorage('session', { [FLOOR_REPORT_KEY]: copies[0], [FLOOR_LIST_KEY]: copies });
}

/**
 * Opens the pages one after the other, in this order on even runs and the other way round on odd ones, so
 * that none always goes first; returns what they measured together.
 */
async function inTurn(run: number, pages: (() => Promise<Values>)[]): Promise<Values> {
  const order = run % 2 === 0 ? pages : [...pages].reverse();
  const values: Values = {};
  for (const open of order) Object.assign(values, await open());
  return values;
}

interface Pair {
  floor: number;
  value: number;
}

async function measure(extension: ExtensionHarness, api: ReferenceApi, webUrl: string) {
  const pairs = Object.fromEntries(Object.keys(MEASURES).map((name) => [name, [] as Pair[]])) as Record<
    Measure,
    Pair[]
  >;
  const record = (values: Values) => {
    for (const name of Object.keys(MEASURES) as Measure[]) {
      const floor = values[MEASURES[name].floor];
      const value = values[name];
      if (floor !== undefined && value !== undefined) pairs[name].push({ floor, value });
    }
  };

  await extension.setStorage('local', connectionItems(api.url, api.apiKey));
  await extension.context.addInitScript({ content: RECORD_ROWS });
  const article = await extension.context.newPage();
  await article.goto(`${webUrl}/article`);
  // Once each, unmeasured: fills the popup's and the options page's stored views, as any earlier use would.
  await dataReady(await extension.openActionPopup(article));
  await requestsSettle(api);
  await extension.closeActionPopup();
  await optionsWith100Rows(extension);
  await requestsSettle(api);
  await writeFloorData(extension);

  for (let run = 0; run < RUNS; run++) {
    record(
      await inTurn(run, [
        () => emptyTab(extension),
        () => floorRows(extension),
        () => optionsWith100Rows(extension),
      ]),
    );
    await article.bringToFront();
    record(
      await inTurn(run, [
        () => emptyPopup(extension, article),
        () => floorPopup(extension, article),
        () => realPopup(extension, article, api),
      ]),
    );
  }
  return pairs;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const list = sorted(values);
  const middle = Math.floor(list.length / 2);
  return list.length % 2 ? list[middle]! : (list[middle - 1]! + list[middle]!) / 2;
};
const spread = (values: number[]) => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
});
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

function summarize(pairs: Record<Measure, Pair[]>) {
  const floors = new Map<Floor, number[]>();
  const rows = (Object.keys(MEASURES) as Measure[]).map((name) => {
    const { floor, goal } = MEASURES[name];
    const list = pairs[name];
    if (floor in FLOOR_NAMES && !floors.has(floor as Floor))
      floors.set(
        floor as Floor,
        list.map((pair) => pair.floor),
      );
    const ms = spread(list.map((pair) => pair.value));
    const ratios = spread(list.map((pair) => pair.value / pair.floor));
    return {
      measure: name,
      comparedWith: floor,
      minMs: round(ms.min),
      medianMs: round(ms.median),
      maxMs: round(ms.max),
      ratioMin: round(ratios.min, 2),
      ratio: round(ratios.median, 2),
      ratioMax: round(ratios.max, 2),
      goal,
      met: goal === null || ratios.median <= goal,
      pairs: list.length,
    };
  });
  const floorRows = [...floors].map(([floor, values]) => {
    const ms = spread(values);
    return {
      measure: FLOOR_NAMES[floor],
      minMs: round(ms.min),
      medianMs: round(ms.median),
      maxMs: round(ms.max),
    };
  });
  return { floorRows, rows };
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

type Results = ReturnType<typeof summarize> & {
  date: string;
  runs: number;
  machine: ReturnType<typeof machine>;
};

function table(results: Results): string {
  const { machine: m } = results;
  return [
    `${results.runs} paired runs (\`npm run bench\`, ${results.date.slice(0, 10)}) on ${m.cores} cores of ${m.cpu}, ${m.chromium}, headless. Times in ms from the page's navigation start. The ratio is a time over what it is compared with in the same run (the floors over the empty page's first paint, the popup and the rows over their floor, the options page's first paint over the empty tab's): median (min–max) of the runs. The floors are the least a page with data could do (a stored item read, plain DOM).`,
    '',
    '| Measure | min | median | max | × what it is compared with | Goal |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.floorRows.map(
      (row) => `| ${row.measure} | ${row.minMs} | ${row.medianMs} | ${row.maxMs} | | |`,
    ),
    ...results.rows.map(
      (row) =>
        `| ${row.measure} | ${row.minMs} | ${row.medianMs} | ${row.maxMs} | ${row.ratio}× (${row.ratioMin}–${row.ratioMax}) | ${row.goal === null ? `floor, × ${row.comparedWith}` : `≤ ${row.goal}× ${row.comparedWith.split(':')[0]} ${row.met ? '✓' : '✗'}`} |`,
    ),
  ].join('\n');
}

/** Replaces the table between docs/performance.md's bench markers. */
function writeDoc(results: Results) {
  const path = join(projectRoot, 'docs', 'performance.md');
  const doc = readFileSync(path, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!doc.includes(start) || !doc.includes(end)) {
    console.warn(`docs/performance.md has no ${start} … ${end}: the table was not written.`);
    return;
  }
  const before = doc.slice(0, doc.indexOf(start) + start.length);
  const after = doc.slice(doc.indexOf(end));
  writeFileSync(path, `${before}\n\n${table(results)}\n\n${after}`);
  execFileSync('npx', ['prettier', '--write', 'docs/performance.md', 'bench/results.json'], {
    cwd: projectRoot,
    stdio: 'ignore',
  });
}

async function main() {
  console.log(`Building the extension for the benchmark (.output/${buildDir})…`);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    stdio: 'ignore',
    env: { ...process.env, PAGE_REPORTS_E2E_DIR: buildDir },
  });
  for (const [file, text] of Object.entries({ [EMPTY_PAGE]: EMPTY_HTML, ...FLOOR_FILES }))
    writeFileSync(join(projectRoot, '.output', buildDir, file), text);
  const api = await startReferenceApi({ port: 0, seed: true });
  const web = await startTestServer();
  const extension = await launchExtension({ extensionDir: join(projectRoot, '.output', buildDir) });
  let pairs: Record<Measure, Pair[]>;
  try {
    pairs = await measure(extension, api, web.url);
  } finally {
    await extension.close();
    await web.close();
    await api.close();
  }
  const results: Results = {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: machine(),
    ...summarize(pairs),
  };
  console.table([...results.floorRows, ...results.rows]);
  mkdirSync(join(projectRoot, 'bench'), { recursive: true });
  writeFileSync(join(projectRoot, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeDoc(results);
  console.log('Wrote bench/results.json and the table in docs/performance.md.');
}

await main();

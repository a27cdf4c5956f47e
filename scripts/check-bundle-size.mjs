// Size guards, checked by `npm test` on the production build (`npm run build` first): they catch an accident
// (a dependency pulled into a page by mistake) and are no goal. What a person feels is measured by
// `npm run bench` (docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? '.output/chrome-mv3';

// KB of gzip of the scripts each page's HTML loads at start-up (entry and modulepreloads).
// The side panel shows the popup's views and adds its tab following.
const budgets = { popup: 20, sidepanel: 25, options: 40 };
// Any new dependency of the worker has to fit here too. Most of it is libraries (zod/mini, the polyfill,
// WXT's storage); a feature's own code moves it a little, a stray dependency breaks it.
const backgroundBudgetKb = 45;
// Strings only the options page's lazy "Export CSV" chunk holds (the file's header, its name, its type):
// the export must never land on a page's start-up path.
const lazyOnlyMarkers = ['Passed tests', 'page-reports-', 'text/csv'];
// Strings that only appear when zod or the HTTP client has been bundled.
const backgroundOnlyMarkers = ['ZodError', '$ZodType', 'Bearer '];

const gzipKb = (file) => gzipSync(readFileSync(join(dir, file))).length / 1024;

function startupScripts(html) {
  const found = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(found)];
}

const pageScripts = (page) => startupScripts(readFileSync(join(dir, `${page}.html`), 'utf8'));

let failed = false;
const report = (ok, line) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok) failed = true;
};

for (const [page, budget] of Object.entries(budgets)) {
  const scripts = pageScripts(page);
  if (scripts.length === 0) report(false, `${page}: no scripts found in ${page}.html`);
  const total = scripts.reduce((sum, file) => sum + gzipKb(file), 0);
  report(
    total <= budget,
    `${page}: ${total.toFixed(1)} KB gzip (budget ${budget} KB) — ${scripts.join(', ')}`,
  );
  for (const file of scripts) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const marker of backgroundOnlyMarkers) {
      report(
        !text.includes(marker),
        `${page}: ${file} holds no "${marker}" (zod and HTTP stay in the background)`,
      );
    }
    for (const marker of lazyOnlyMarkers) {
      report(!text.includes(marker), `${page}: ${file} holds no "${marker}" (the export loads on demand)`);
    }
  }
}

// The markers mean something only if a lazy chunk does hold them.
const chunkFiles = readdirSync(join(dir, 'chunks'));
const chunks = chunkFiles.map((file) => readFileSync(join(dir, 'chunks', file), 'utf8'));
// Pages load only chunks (the worker is one file of its own): none of them, lazy ones included, may
// carry zod or the HTTP client.
chunkFiles.forEach((file, index) => {
  const found = backgroundOnlyMarkers.filter((marker) => chunks[index].includes(marker));
  report(found.length === 0, `chunks/${file} holds none of ${backgroundOnlyMarkers.join(', ')}`);
});
for (const marker of lazyOnlyMarkers) {
  report(
    chunks.some((text) => text.includes(marker)),
    `a lazy chunk holds "${marker}" (so its absence from start-up is meaningful)`,
  );
}

// The popup's views loaded after its first frame (entrypoints/popup/after-paint-views.ts): their words.
const popupLaterMarkers = ['historyAnnounced', 'popupSiteTopTest'];
for (const file of pageScripts('popup')) {
  const text = readFileSync(join(dir, file), 'utf8');
  const found = popupLaterMarkers.filter((marker) => text.includes(marker));
  report(found.length === 0, `popup: ${file} holds none of ${popupLaterMarkers.join(', ')} (loaded later)`);
}
for (const marker of popupLaterMarkers) {
  report(
    chunks.some((text) => text.includes(marker)),
    `a lazy chunk holds "${marker}" (so its absence from start-up is meaningful)`,
  );
}

const background = gzipKb('background.js');
// The markers mean something only if the background, where the client lives, does contain them.
const backgroundText = readFileSync(join(dir, 'background.js'), 'utf8');
for (const marker of backgroundOnlyMarkers) {
  report(
    backgroundText.includes(marker),
    `background: holds "${marker}" (so its absence from pages is meaningful)`,
  );
}
report(
  background <= backgroundBudgetKb,
  `background: ${background.toFixed(1)} KB gzip (budget ${backgroundBudgetKb} KB)`,
);

if (failed) {
  console.error('Bundle budget check failed.');
  process.exit(1);
}

// Size guards, checked by `npm test` on the production build (`npm run build` first). They catch an
// accident (a library pulled into a page by mistake) and are no goal: nothing is split, copied or left
// unchecked to stay under them. What a person feels is measured by `npm run bench` (docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? '.output/chrome-mv3';

// KB of gzip of the scripts each page's HTML loads at start-up (entry and modulepreloads). Each page is
// built on its own (wxt.config.ts), so these are its own code and libraries only.
const budgets = {
  // Of 29.5 KB: zod/mini (checking each stored item it paints), its views, lib, Preact and signals.
  popup: 30,
  // The popup's views and the tab following.
  sidepanel: 35,
  // Every section loads with the page (51.3 KB): held at 50 KB only by Settings in a chunk of its own,
  // which would flash "Loading…" on a first visit for no gain a person feels.
  options: 55,
};
// Libraries are most of the worker (zod with its en/de messages, the polyfill, WXT's storage): a second
// validation or HTTP library breaks this, the worker's own code grows it only slowly.
const backgroundBudgetKb = 60;
// Strings only the HTTP client and zod's locales hold: pages check stored items with zod/mini, they never
// call the service nor phrase its errors.
const backgroundOnlyMarkers = ['Bearer ', 'Ungültige Eingabe'];

const gzipKb = (file) => gzipSync(readFileSync(join(dir, file))).length / 1024;

function pageScripts(page) {
  const html = readFileSync(join(dir, `${page}.html`), 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]))];
}

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
    `${page}: ${total.toFixed(1)} KB gzip (guard ${budget} KB) — ${scripts.join(', ')}`,
  );
}

// Pages load only chunks (the worker is one file of its own): none of them may carry the client.
const chunkFiles = readdirSync(join(dir, 'chunks'));
const chunks = chunkFiles.map((file) => readFileSync(join(dir, 'chunks', file), 'utf8'));
chunkFiles.forEach((file, index) => {
  const found = backgroundOnlyMarkers.filter((marker) => chunks[index].includes(marker));
  report(found.length === 0, `chunks/${file} holds none of ${backgroundOnlyMarkers.join(', ')}`);
});

// A marker means something only where it does occur.
const backgroundText = readFileSync(join(dir, 'background.js'), 'utf8');
for (const marker of backgroundOnlyMarkers) {
  report(backgroundText.includes(marker), `background: holds "${marker}"`);
}

const background = gzipKb('background.js');
report(
  background <= backgroundBudgetKb,
  `background: ${background.toFixed(1)} KB gzip (guard ${backgroundBudgetKb} KB)`,
);

if (failed) {
  console.error('Bundle size check failed.');
  process.exit(1);
}

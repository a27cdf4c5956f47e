// Bundle budgets, checked on the production build (`npm run build` first). Deterministic, so `npm test`
// enforces them; speed is measured separately by `npm run bench`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? '.output/chrome-mv3';

/**
 * KB of gzip, per page: the scripts its HTML loads at start-up (entry + modulepreloads). The popup grew
 * from 14.7 to 15.6 KB with phpRank's scores, top issues and creates that outlive the popup (issue 7),
 * then to 16.7 KB with the trust fixes (issue 9: look up a write that may have happened, stop following
 * on refusals, limits). Issue 8 asks for 15 KB again: that takes a leaner popup, not a tighter number.
 */
// Options: 29.7 KB before issue 11's bulk changes, 30.4 with them loaded after the Reports section paints
// (their own 2.2 KB chunk; what stays at start-up is Vite's loader for it, 0.6 KB, which any later
// lazily loaded part shares): budget 30 → 31.
const budgets = { popup: 17, options: 31 };
// The background: 49.9 KB gzip with zod's classic API and webextension-polyfill; 29.9 KB with zod/mini
// (and the few schema kinds the parsing needs), the browser's own promise-based API and sendResponse;
// 28.5 KB with Terser as the minifier (issue 8); 31.2 KB with the right-click menu, the create shortcut,
// notifications and the tab badge (issue 10: about 2.6 KB, a third of it the popup's page check reused).
// A new dependency of the worker has to fit here too.
// 32.9 KB with bulk changes (issue 11: about 1.7 KB, a job runner that survives worker restarts, its
// inputs and the shared pace): budget 32 → 33.
const backgroundBudgetKb = 33;
// Strings that only appear when zod or the HTTP client has been bundled.
const backgroundOnlyMarkers = ['ZodError', '$ZodType', 'Bearer '];

const gzipKb = (file) => gzipSync(readFileSync(join(dir, file))).length / 1024;

function startupScripts(html) {
  const found = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(found)];
}

let failed = false;
const report = (ok, line) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok) failed = true;
};

for (const [page, budget] of Object.entries(budgets)) {
  const scripts = startupScripts(readFileSync(join(dir, `${page}.html`), 'utf8'));
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
  }
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

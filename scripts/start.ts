// `npm start`: the reference API with demo data, and Chromium with the extension loaded and connected to it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { apiOptions, parseConfig } from '../reference-api/config';
import { startReferenceApi } from '../reference-api/index';
import { connectionItems } from '../tests/e2e/support/connection';

// The reference API's own flags and variables (PORT, API_KEY, DATA_FILE…): `npm start -- --port 9000`.
const config = parseConfig(process.argv.slice(2), process.env);
const extensionDir = resolve('.output/chrome-mv3-dev');
const browserPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

console.log('Building the extension (development build)…');
execFileSync('npx', ['wxt', 'build', '--mode', 'development'], { stdio: 'inherit' });

const api = await startReferenceApi({
  ...apiOptions(config),
  testControls: false,
  // Every request, so a person sees the extension talk to the API.
  log: (line) => console.log(`  api: ${line}`),
});
console.log(
  `\nReference API: ${api.url}/api/v1  (API key: ${api.apiKey}, data in ${relative('.', config.dataFile)})`,
);

const hasDisplay =
  Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) || process.platform !== 'linux';
if (!hasDisplay || !existsSync(browserPath)) {
  console.log(
    [
      '',
      hasDisplay
        ? `No browser at ${browserPath} (set CHROME_PATH).`
        : 'No display found, so no browser window is opened.',
      `The API keeps running; the built extension is in ${extensionDir}.`,
      'Load it in Chrome (chrome://extensions → Developer mode → Load unpacked), then in its Settings enter',
      `API base URL ${api.url} and API key ${api.apiKey}. Press Ctrl+C to stop.`,
    ].join('\n'),
  );
} else {
  const context = await chromium.launchPersistentContext(resolve('.output/start-profile'), {
    executablePath: browserPath,
    headless: false,
    viewport: null,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-first-run',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // Connect the extension to the local API, as a person would in Settings.
  await worker.evaluate(
    (items) => {
      type Storage = { storage: { local: { set(items: object): Promise<void> } } };
      return (globalThis as unknown as { chrome: Storage }).chrome.storage.local.set(items);
    },
    connectionItems(api.url, api.apiKey),
  );
  const extensionId = new URL(worker.url()).host;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${api.url}/`);
  await (await context.newPage()).goto(`chrome-extension://${extensionId}/options.html#/reports`);
  console.log('Chromium is open with Page Reports connected. Close it or press Ctrl+C to stop.');
  context.on('close', () => void api.close().then(() => process.exit(0)));
}

process.on('SIGINT', () => void api.close().then(() => process.exit(0)));

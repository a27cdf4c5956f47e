// Tests of the harness itself: console error collection, storage, service worker restarts, the servers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConsoleErrorCollector,
  launchExtension,
  referenceApiAvailable,
  startReferenceApi,
  startTestServer,
  useExtension,
  useTestServer,
  type WithChrome,
} from './harness';

const extension = useExtension();
const web = useTestServer();

describe('harness', () => {
  it('collects console errors of the worker and of extension pages, not of web pages', async () => {
    const harness = extension();
    await harness.serviceWorker.evaluate(() => console.error('probe from the worker'));
    const options = await harness.openOptions();
    await options.evaluate(() => console.error('probe from options'));
    await options.evaluate(() => setTimeout(() => Promise.reject(new Error('probe rejection'))));
    const article = await harness.context.newPage();
    await article.goto(`${web().url}/article`);
    await article.evaluate(() => console.error('probe from a web page'));

    await expect.poll(() => harness.consoleErrors.length).toBe(3);
    expect(harness.consoleErrors).toEqual([
      '[service worker] probe from the worker',
      `[page ${harness.extensionUrl('options.html')}] probe from options`,
      `[page ${harness.extensionUrl('options.html')}] uncaught Error: probe rejection`,
    ]);
    expect(() => harness.expectNoConsoleErrors()).toThrow(
      /3 unexpected console error\(s\)[\s\S]*probe from options/,
    );
    expect(() => harness.expectNoConsoleErrors([/^\[service worker\]/, 'probe'])).not.toThrow();
    harness.allowConsoleErrors('probe');
    harness.expectNoConsoleErrors();
    harness.clearConsoleErrors();
    expect(harness.consoleErrors).toEqual([]);
  });

  it('catches up on errors a page logged before it was watched, without duplicates', async () => {
    const page = await extension().openPopupAsTab();
    await page.evaluate(() => console.error('before watching'));
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('early rejection'))));
    await expect.poll(() => extension().consoleErrors.length).toBe(2);
    extension().clearConsoleErrors();

    const late = new ConsoleErrorCollector(() => true);
    late.watchPage(page);
    await late.catchUp(page);
    await page.evaluate(() => console.error('after watching'));
    await expect.poll(() => late.errors.length).toBe(3);
    const where = `[page ${page.url()}]`;
    expect(late.errors).toEqual([
      `${where} before watching`,
      `${where} uncaught Error: early rejection`,
      `${where} after watching`,
    ]);
    extension().allowConsoleErrors('after watching');
  });

  it('says how to build the extension when the build is missing', async () => {
    await expect(launchExtension({ extensionDir: join(tmpdir(), 'no-such-build') })).rejects.toThrow(
      /No extension build at .*no-such-build.*run npm run build:test/,
    );
  });

  it('lets a test allow the network errors it causes on purpose', async () => {
    const down = await startTestServer();
    await down.close();
    const options = await extension().openOptions();
    const outcome = await options.evaluate(
      (url) =>
        fetch(url).then(
          () => 'answered',
          () => 'failed',
        ),
      `${down.url}/api/v1/reports`,
    );
    expect(outcome).toBe('failed');
    await expect.poll(() => extension().consoleErrors.join('\n')).toContain('net::ERR_CONNECTION_REFUSED');
    extension().allowConsoleErrors('net::ERR_CONNECTION_REFUSED');
  });

  it('writes and reads extension storage through the worker', async () => {
    const harness = extension();
    await harness.setStorage('local', { 'e2e:probe': { n: 1, s: 'ü / x' } });
    expect(await harness.getStorage('local', 'e2e:probe')).toEqual({ 'e2e:probe': { n: 1, s: 'ü / x' } });
    await harness.setStorage('session', { 'e2e:session': true });
    expect(await harness.getStorage('session')).toMatchObject({ 'e2e:session': true });
    await harness.clearStorage('session');
    expect(await harness.getStorage('session')).toEqual({});
  });

  it('restarts the service worker: fresh globals, storage kept, the popup still opens', async () => {
    const harness = extension();
    const read = (key: string) =>
      harness.serviceWorker.evaluate((name) => (globalThis as Record<string, unknown>)[name] ?? null, key);
    await harness.setStorage('local', { 'e2e:kept': 'yes' });
    await harness.serviceWorker.evaluate(() => {
      (globalThis as Record<string, unknown>).e2eMemoryOnly = 'lost on restart';
    });
    expect(await read('e2eMemoryOnly')).toBe('lost on restart');

    const worker = await harness.restartServiceWorker();
    expect(worker).toBe(harness.serviceWorker);
    expect(await read('e2eMemoryOnly')).toBeNull();
    expect(await harness.getStorage('local', 'e2e:kept')).toEqual({ 'e2e:kept': 'yes' });

    // Stopped, then woken by the harness on demand.
    await harness.stopServiceWorker();
    const name = await (
      await harness.getServiceWorker()
    ).evaluate(() => (globalThis as unknown as WithChrome).chrome.runtime.getManifest().name);
    expect(name).toBe('Page Reports');

    const article = await harness.context.newPage();
    await article.goto(`${web().url}/article`);
    const popup = await harness.openActionPopup(article);
    expect(popup.url()).toMatch(/\/popup\.html$/);
  });

  it('loads a startReferenceApi() module and closes it', async () => {
    // A stand-in module, so the loader is tested whatever the state of reference-api/.
    const dir = await mkdtemp(join(tmpdir(), 'page-reports-fake-api-'));
    const modulePath = join(dir, 'index.mjs');
    await writeFile(
      modulePath,
      `import { createServer } from 'node:http';
export async function startReferenceApi(options = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method, path: req.url });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return { url: 'http://127.0.0.1:' + server.address().port, apiKey: options.apiKey ?? 'k', requests, options,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}
`,
    );
    try {
      expect(referenceApiAvailable(join(dir, 'missing.mjs'))).toBe(false);
      await expect(startReferenceApi({}, join(dir, 'missing.mjs'))).rejects.toThrow(
        /reference API is missing/,
      );
      const api = await startReferenceApi({ apiKey: 'fake' }, modulePath);
      try {
        expect((api as unknown as { options: unknown }).options).toEqual({ port: 0, apiKey: 'fake' });
        const status = await extension().serviceWorker.evaluate(
          (url) => fetch(url).then((response) => response.status),
          `${api.url}/api/v1/projects`,
        );
        expect(status).toBe(200);
        expect(api.requests).toEqual([{ method: 'GET', path: '/api/v1/projects' }]);
      } finally {
        await api.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts reference-api/ and the worker reaches it with the key', async () => {
    const api = await startReferenceApi();
    try {
      const status = await extension().serviceWorker.evaluate(
        ([url, key]) =>
          fetch(url, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } }).then(
            (response) => response.status,
          ),
        [`${api.url}/api/v1/projects`, api.apiKey] as const,
      );
      expect(status).toBe(200);
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /api/v1/projects',
      ]);
    } finally {
      await api.close();
    }
  });
});

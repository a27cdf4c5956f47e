import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Worker,
} from 'playwright-core';
import type { browser } from 'wxt/browser';
import { ConsoleErrorCollector, type ErrorPattern } from './console-errors';
import { chromiumPath, extensionBuildDir } from './paths';
import { waitFor, withTimeout } from './wait';

/** The extension API as seen inside the worker (`chrome.*`); for typing `serviceWorker.evaluate` callbacks. */
export type ChromeApi = typeof browser;
/** Cast `globalThis` to this inside evaluate callbacks: `(globalThis as unknown as WithChrome).chrome`. */
export type WithChrome = { chrome: ChromeApi };

export type StorageAreaName = 'local' | 'sync' | 'session';

export interface LaunchExtensionOptions {
  /** The unpacked extension; defaults to .output/e2e-chrome-mv3. */
  extensionDir?: string;
  /** Defaults to true; `E2E_HEADED=1` shows the browser. */
  headless?: boolean;
  /** Extra Chromium switches. */
  args?: string[];
  /** The browser's UI language ("de"): what `browser.i18n` answers in. Default: English. */
  language?: string;
  /** Collect console errors of the extension only (default) or of web pages too. */
  collectErrorsFrom?: 'extension' | 'all';
  /** Limit for each wait of the harness (worker start, popup, restart). Default 15 s. */
  timeoutMs?: number;
  /**
   * A profile to open again (a browser restart): it is kept on close, for the caller to remove. Default: a
   * fresh profile, deleted on close.
   */
  profile?: string;
}

export interface OpenActionPopupOptions {
  /** Default: the harness's timeoutMs. */
  timeoutMs?: number;
  /** The popup's page, when `action.setPopup` chose another one (the bench's empty page). Default /popup.html. */
  path?: string;
  /**
   * An open extension page (not the target: a tab in the background) to call `chrome.action.openPopup()`
   * from, instead of the worker: so a worker stopped by stopServiceWorker() stays stopped until the popup
   * itself wakes it. It then throws if the worker runs before the popup is asked for. Default: the worker.
   */
  opener?: Page;
}

export interface ExtensionHarness {
  readonly context: BrowserContext;
  /** 32 letters a-p, from the service worker's URL. */
  readonly extensionId: string;
  /** `chrome-extension://ID` */
  readonly extensionOrigin: string;
  /** The background's worker. After stopServiceWorker() it is not running until started again. */
  readonly serviceWorker: Worker;
  readonly userDataDir: string;
  /** Console errors of extension pages and the worker since the last clear (a live array). */
  readonly consoleErrors: readonly string[];

  /** `chrome-extension://ID/PATH` */
  extensionUrl(path: string): string;
  /** Opens options.html (with `#hash` if given) in a new tab. */
  openOptions(hash?: string): Promise<Page>;
  /** Opens popup.html in a new tab. It sees itself as the active tab: use openActionPopup for tab logic. */
  openPopupAsTab(): Promise<Page>;
  /**
   * Opens the real action popup over `targetPage` (which becomes the active tab) and returns it. The popup
   * lives on a second CDP connection, closed by closeActionPopup(), by closing the popup page, by the next
   * openActionPopup() or by close().
   */
  openActionPopup(targetPage: Page, options?: OpenActionPopupOptions): Promise<Page>;
  closeActionPopup(): Promise<void>;
  /** The action popup opened by openActionPopup(), while it is open. */
  readonly actionPopup: Page | undefined;

  /** Stops the worker by closing its DevTools target (what Chrome does to an idle worker). */
  stopServiceWorker(): Promise<void>;
  /** Starts a stopped worker (CDP ServiceWorker.startWorker) and waits until a fresh instance runs. */
  startServiceWorker(): Promise<Worker>;
  /** stopServiceWorker() then startServiceWorker(): a new instance with fresh globals. */
  restartServiceWorker(): Promise<Worker>;
  /**
   * Waits until the worker runs again after stopServiceWorker() without starting it: for tests in which
   * the extension itself must wake it (a message, an alarm).
   */
  waitForServiceWorker(): Promise<Worker>;
  /** The running worker; starts it if stopServiceWorker() stopped it. */
  getServiceWorker(): Promise<Worker>;

  setStorage(area: StorageAreaName, items: Record<string, unknown>): Promise<void>;
  getStorage<T extends Record<string, unknown> = Record<string, unknown>>(
    area: StorageAreaName,
    keys?: string | string[] | null,
  ): Promise<T>;
  clearStorage(area: StorageAreaName): Promise<void>;
  /** Item `name` of the active connection (kept under its id, lib/connection-space.ts). */
  getConnectionItem<T>(area: StorageAreaName, name: string): Promise<T | undefined>;

  /** Errors matching a pattern (substring or RegExp) stop counting as unexpected, until clearConsoleErrors(). */
  allowConsoleErrors(...patterns: ErrorPattern[]): void;
  /** Throws, listing them, if console errors other than the allowed ones were logged. */
  expectNoConsoleErrors(allowed?: ErrorPattern[]): void;
  /** Forgets the errors collected and the allow-list. */
  clearConsoleErrors(): void;

  /** Closes the action popup and every tab but one, which goes back to about:blank. */
  closeExtraPages(): Promise<void>;
  /** Closes the popup connection and Chromium, and deletes the profile. Safe to call twice. */
  close(): Promise<void>;
}

const workerInstanceKey = '__pageReportsE2eWorkerInstance';

function readManifest(dir: string): { background?: { service_worker?: string } } {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No extension build at ${dir} (manifest.json is missing): run npm run build:test`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as { background?: { service_worker?: string } };
}

async function readDevToolsPort(userDataDir: string, timeoutMs: number): Promise<number> {
  // Chromium writes the port chosen for --remote-debugging-port=0 to this file, first line.
  return waitFor(
    async () => {
      const port = Number.parseInt(
        (await readFile(join(userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n')[0]!,
        10,
      );
      return Number.isInteger(port) && port > 0 ? port : undefined;
    },
    { timeoutMs, message: `${userDataDir}/DevToolsActivePort (is --remote-debugging-port=0 set?)` },
  );
}

async function waitForFirstServiceWorker(
  context: BrowserContext,
  isOurs: (worker: Worker) => boolean,
  timeoutMs: number,
  dir: string,
): Promise<Worker> {
  let listener: ((worker: Worker) => void) | undefined;
  const appeared = new Promise<Worker>((resolve) => {
    listener = (worker) => {
      if (isOurs(worker)) resolve(worker);
    };
    context.on('serviceworker', listener);
  });
  try {
    const existing = context.serviceWorkers().find(isOurs);
    if (existing) return existing;
    return await withTimeout(
      appeared,
      timeoutMs,
      `The extension's service worker did not start: is ${dir} a valid MV3 build (npm run build:test)?`,
    );
  } finally {
    if (listener) context.off('serviceworker', listener);
  }
}

/** Launches Chromium with the built extension in a fresh profile. Close it with `close()`. */
export async function launchExtension(options: LaunchExtensionOptions = {}): Promise<ExtensionHarness> {
  const dir = resolve(options.extensionDir ?? extensionBuildDir);
  const manifest = readManifest(dir);
  const workerPath = `/${manifest.background?.service_worker ?? 'background.js'}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }

  const userDataDir = options.profile ?? (await mkdtemp(join(tmpdir(), 'page-reports-e2e-')));
  const removeProfile = () =>
    options.profile ? Promise.resolve() : rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: options.headless ?? process.env.E2E_HEADED !== '1',
      args: [
        `--disable-extensions-except=${dir}`,
        `--load-extension=${dir}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--remote-debugging-port=0',
        // --lang picks the extension's _locales messages; `locale` (below) makes the pages' navigator.language
        // and Intl's default follow, as they do in a browser whose UI is in that language.
        `--lang=${options.language ?? 'en-US'}`,
        ...(options.args ?? []),
      ],
      locale: options.language ?? 'en-US',
    });
    const isOurs = (worker: Worker) => {
      const url = new URL(worker.url());
      return url.protocol === 'chrome-extension:' && url.pathname === workerPath;
    };
    const worker = await waitForFirstServiceWorker(context, isOurs, timeoutMs, dir);
    return new Harness(
      context,
      worker,
      userDataDir,
      isOurs,
      timeoutMs,
      options.collectErrorsFrom ?? 'extension',
      removeProfile,
    );
  } catch (error) {
    await context?.close().catch(() => {});
    await removeProfile();
    throw error;
  }
}

interface ActionPopup {
  page: Page;
  /** The second CDP connection the popup was found through. */
  browser: Browser;
}

class Harness implements ExtensionHarness {
  readonly extensionId: string;
  readonly extensionOrigin: string;
  private worker: Worker;
  /** Set by stopServiceWorker(): the instance token of the worker that was stopped. */
  private stoppedInstance: string | undefined;
  private popup: ActionPopup | undefined;
  private readonly collector: ConsoleErrorCollector;
  private closed = false;

  constructor(
    readonly context: BrowserContext,
    worker: Worker,
    readonly userDataDir: string,
    private readonly isOurs: (worker: Worker) => boolean,
    private readonly timeoutMs: number,
    collectErrorsFrom: 'extension' | 'all',
    private readonly removeProfile: () => Promise<void>,
  ) {
    this.worker = worker;
    this.extensionId = new URL(worker.url()).host;
    this.extensionOrigin = `chrome-extension://${this.extensionId}`;
    this.collector = new ConsoleErrorCollector(
      collectErrorsFrom === 'all' ? () => true : (url) => url.startsWith(`${this.extensionOrigin}/`),
    );
    context.on('page', (page) => this.collector.watchPage(page));
    for (const page of context.pages()) this.collector.watchPage(page);
    context.on('serviceworker', (candidate) => {
      if (!this.isOurs(candidate)) return;
      this.collector.watchWorker(candidate);
      this.worker = candidate;
    });
    this.collector.watchWorker(worker);
  }

  get serviceWorker(): Worker {
    return this.worker;
  }

  get actionPopup(): Page | undefined {
    return this.popup && !this.popup.page.isClosed() ? this.popup.page : undefined;
  }

  get consoleErrors(): readonly string[] {
    return this.collector.errors;
  }

  extensionUrl(path: string): string {
    return `${this.extensionOrigin}/${path.replace(/^\//, '')}`;
  }

  private async openTab(url: string): Promise<Page> {
    const page = await this.context.newPage();
    this.collector.watchPage(page);
    await page.goto(url);
    return page;
  }

  openOptions(hash?: string): Promise<Page> {
    const fragment = hash ? `#${hash.replace(/^#/, '')}` : '';
    return this.openTab(this.extensionUrl(`options.html${fragment}`));
  }

  openPopupAsTab(): Promise<Page> {
    return this.openTab(this.extensionUrl('popup.html'));
  }

  async openActionPopup(targetPage: Page, options: OpenActionPopupOptions = {}): Promise<Page> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const deadline = Date.now() + timeoutMs;
    await this.closeActionPopup();
    const { opener } = options;
    // From the worker (started if stopped), or from the opener page without touching the worker.
    const callOpenPopup: Pick<Page, 'evaluate'> = opener ?? (await this.getServiceWorker());
    const port = await readDevToolsPort(this.userDataDir, timeoutMs);
    const isPopup = (page: Page) => {
      const url = page.url();
      return (
        url.startsWith(`${this.extensionOrigin}/`) &&
        new URL(url).pathname === (options.path ?? '/popup.html')
      );
    };
    let openPopupError = '';
    let seen: string[] = [];
    while (Date.now() < deadline) {
      // openPopup() acts on the focused window's active tab.
      await targetPage.bringToFront();
      if (opener && this.stoppedInstance !== undefined) await this.expectWorkerStopped();
      openPopupError = await callOpenPopup.evaluate(() =>
        (globalThis as unknown as WithChrome).chrome.action.openPopup().then(
          () => '',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      );
      if (openPopupError) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      // A second connection, made after the popup exists: the persistent context never exposes the popup,
      // and a connection made before it opens does not report it either.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, {
        timeout: Math.max(1_000, deadline - Date.now()),
      });
      const pages = () => browser.contexts().flatMap((context) => context.pages());
      const popup = await waitFor(() => pages().find((page) => isPopup(page) && !page.isClosed()), {
        timeoutMs: Math.max(0, Math.min(3_000, deadline - Date.now())),
        message: 'the popup page',
      }).catch(() => undefined);
      if (!popup) {
        seen = pages().map((page) => page.url());
        await browser.close().catch(() => {});
        continue;
      }
      try {
        this.collector.watchPage(popup);
        // The popup ran before this connection existed: pick up what it logged while loading.
        await this.collector.catchUp(popup);
        await popup.waitForLoadState('domcontentloaded');
      } catch (error) {
        await browser.close().catch(() => {});
        throw error;
      }
      const opened: ActionPopup = { page: popup, browser };
      this.popup = opened;
      popup.once('close', () => {
        if (this.popup === opened) this.popup = undefined;
        void browser.close().catch(() => {});
      });
      return popup;
    }
    throw new Error(
      `The action popup did not open within ${timeoutMs} ms over ${targetPage.url()}. ` +
        `chrome.action.openPopup(): ${openPopupError ? `rejected: ${openPopupError}` : 'resolved'}. ` +
        `Pages seen over CDP: ${seen.join(', ') || 'none'}.`,
    );
  }

  async closeActionPopup(): Promise<void> {
    const popup = this.popup;
    this.popup = undefined;
    if (!popup) return;
    if (!popup.page.isClosed()) await popup.page.close().catch(() => {});
    // Disconnects this second client only; the browser and the main context keep running.
    await popup.browser.close().catch(() => {});
  }

  /** Runs `fn` with a CDP session on one of the context's pages (no new tab: that would change the active tab). */
  private async withCdp<T>(fn: (session: CDPSession) => Promise<T>): Promise<T> {
    const page =
      this.context.pages().find((candidate) => !candidate.isClosed()) ?? (await this.context.newPage());
    const session = await this.context.newCDPSession(page);
    try {
      return await fn(session);
    } finally {
      await session.detach().catch(() => {});
    }
  }

  private async workerTargetId(session: CDPSession): Promise<string | undefined> {
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos.find(
      (target) => target.type === 'service_worker' && target.url.startsWith(`${this.extensionOrigin}/`),
    )?.targetId;
  }

  private async expectWorkerStopped(): Promise<void> {
    const running = await this.withCdp((session) => this.workerTargetId(session));
    if (running) throw new Error('The service worker runs again before the popup was asked for.');
  }

  async stopServiceWorker(): Promise<void> {
    const instance = `${Date.now()}-${Math.random()}`;
    const worker = await this.getServiceWorker();
    await worker.evaluate(
      ([key, value]) => {
        (globalThis as Record<string, unknown>)[key] = value;
      },
      [workerInstanceKey, instance] as const,
    );
    await this.withCdp(async (session) => {
      const targetId = await this.workerTargetId(session);
      if (!targetId) throw new Error('The service worker has no DevTools target to close.');
      await session.send('Target.closeTarget', { targetId });
      await waitFor(async () => !(await this.workerTargetId(session)), {
        timeoutMs: this.timeoutMs,
        message: 'the service worker to stop after Target.closeTarget',
      });
    });
    this.stoppedInstance = instance;
  }

  async startServiceWorker(): Promise<Worker> {
    await this.withCdp(async (session) => {
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.startWorker', { scopeURL: `${this.extensionOrigin}/` });
      await session.send('ServiceWorker.disable');
    });
    return this.waitForServiceWorker();
  }

  async restartServiceWorker(): Promise<Worker> {
    await this.stopServiceWorker();
    return this.startServiceWorker();
  }

  async waitForServiceWorker(): Promise<Worker> {
    await this.withCdp((session) =>
      waitFor(() => this.workerTargetId(session), {
        timeoutMs: this.timeoutMs,
        message: 'the service worker to run again',
      }),
    );
    const stopped = this.stoppedInstance;
    // Playwright re-attaches the same Worker object to the new instance (or reports a new one): take the
    // newest of ours and make sure it answers and is not the instance that was stopped.
    const worker = await waitFor(
      async () => {
        const candidate = this.context.serviceWorkers().filter(this.isOurs).at(-1) ?? this.worker;
        const instance = await withTimeout(
          candidate.evaluate(
            (key) => ((globalThis as Record<string, unknown>)[key] as string | undefined) ?? null,
            workerInstanceKey,
          ),
          2_000,
          'the service worker to answer',
        );
        return stopped !== undefined && instance === stopped ? undefined : candidate;
      },
      { timeoutMs: this.timeoutMs, message: 'a fresh service worker instance' },
    );
    this.worker = worker;
    this.collector.watchWorker(worker);
    this.stoppedInstance = undefined;
    return worker;
  }

  async getServiceWorker(): Promise<Worker> {
    return this.stoppedInstance === undefined ? this.worker : this.startServiceWorker();
  }

  async setStorage(area: StorageAreaName, items: Record<string, unknown>): Promise<void> {
    const worker = await this.getServiceWorker();
    await worker.evaluate(
      ([name, values]) => (globalThis as unknown as WithChrome).chrome.storage[name].set(values),
      [area, items] as const,
    );
  }

  async getStorage<T extends Record<string, unknown> = Record<string, unknown>>(
    area: StorageAreaName,
    keys: string | string[] | null = null,
  ): Promise<T> {
    const worker = await this.getServiceWorker();
    return (await worker.evaluate(
      ([name, wanted]) => (globalThis as unknown as WithChrome).chrome.storage[name].get(wanted),
      [area, keys] as const,
    )) as T;
  }

  /** Item `name` of the active connection (kept under its id, lib/connection-space.ts). */
  async getConnectionItem<T>(area: StorageAreaName, name: string): Promise<T | undefined> {
    const { activeConnection } = await this.getStorage<{ activeConnection?: string }>(
      'session',
      'activeConnection',
    );
    const key = `${activeConnection ?? ''}:${name}`;
    return (await this.getStorage<Record<string, T>>(area, key))[key];
  }

  async clearStorage(area: StorageAreaName): Promise<void> {
    const worker = await this.getServiceWorker();
    await worker.evaluate((name) => (globalThis as unknown as WithChrome).chrome.storage[name].clear(), area);
  }

  allowConsoleErrors(...patterns: ErrorPattern[]): void {
    this.collector.allow(...patterns);
  }

  expectNoConsoleErrors(allowed: ErrorPattern[] = []): void {
    this.collector.expectNone(allowed);
  }

  clearConsoleErrors(): void {
    this.collector.clear();
  }

  async closeExtraPages(): Promise<void> {
    await this.closeActionPopup();
    const [keep, ...others] = this.context.pages();
    await Promise.all(others.map((page) => page.close().catch(() => {})));
    if (keep && keep.url() !== 'about:blank') await keep.goto('about:blank').catch(() => {});
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.closeActionPopup();
      await withTimeout(this.context.close(), 20_000, 'Chromium did not close');
    } finally {
      await this.removeProfile();
    }
  }
}

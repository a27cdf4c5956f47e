// Launches Debian's Firefox ESR with the built test extension, over WebDriver BiDi (puppeteer-core): no
// geckodriver and no patched browser exist on these machines (shared/TESTING.md has the recipe and pitfalls).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { projectRoot } from '../../e2e/support/paths';
import { waitFor } from '../../e2e/support/wait';
import { PopupView } from './popup-view';

/** Where `npm run build:test:firefox` writes the extension with the e2e host grants. */
export const firefoxBuildDir = resolve(
  projectRoot,
  '.output',
  process.env.PAGE_REPORTS_E2E_FIREFOX_DIR || 'e2e-firefox-mv2',
);
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Fixed moz-extension UUID (pref extensions.webextensions.uuids), so page addresses are known up front. */
export const EXTENSION_UUID = '5e0c7a52-3f5b-4d6e-9a41-0e2e0f1e2f00';

/** The extension API inside an extension page (`browser.*`), for typing evaluate callbacks. */
export type WithBrowser = { browser: typeof import('wxt/browser').browser };

type StorageAreaName = 'local' | 'session';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

export interface LaunchFirefoxOptions {
  extensionDir?: string;
  /** Limit for each wait of the harness (popup, prompt). Default 15 s. */
  timeoutMs?: number;
}

function geckoId(dir: string): string {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No Firefox test build at ${dir}: run npm run build:test:firefox`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${manifestPath} has no browser_specific_settings.gecko.id`);
  return id;
}

/**
 * One Firefox with the extension installed as a temporary add-on, and one extension tab (the options
 * page's Settings) kept open as the "controller": extension APIs (storage, tabs, browserAction.openPopup,
 * extension.getViews) are called from there, as the background page itself cannot be reached over BiDi.
 */
export class FirefoxHarness {
  readonly origin = `moz-extension://${EXTENSION_UUID}`;
  private popup: PopupView | undefined;
  private allowed: (string | RegExp)[] = [];
  private errorsFrom = 0;

  private constructor(
    readonly browser: Browser,
    readonly controller: Page,
    private readonly userDataDir: string,
    readonly timeoutMs: number,
    /** Every line Firefox wrote to stdout/stderr (extension pages' console too, through the prefs below). */
    readonly output: readonly string[],
  ) {}

  static async launch(options: LaunchFirefoxOptions = {}): Promise<FirefoxHarness> {
    const dir = resolve(options.extensionDir ?? firefoxBuildDir);
    const id = geckoId(dir);
    if (!existsSync(firefoxPath)) {
      throw new Error(
        `Firefox is missing at ${firefoxPath}: apt-get install -y firefox-esr (or set FIREFOX_PATH)`,
      );
    }
    // Our own profile folder, deleted after Firefox has exited (puppeteer's own is sometimes left behind).
    const userDataDir = await mkdtemp(join(tmpdir(), 'page-reports-e2e-firefox-'));
    const browser = await puppeteer.launch({
      browser: 'firefox',
      userDataDir,
      protocol: 'webDriverBiDi',
      executablePath: firefoxPath,
      headless: process.env.E2E_HEADED !== '1',
      // Lets BiDi navigate to moz-extension:// pages and reach the browser window (the permission prompt).
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [id]: EXTENSION_UUID }),
        // Extension pages' console messages never reach puppeteer: Firefox prints them to stdout.
        'devtools.console.stdout.content': true,
        'devtools.console.stdout.chrome': true,
        // browserAction.openPopup() without a click on the toolbar button (headless has none to click): on by
        // default in Firefox 153 ESR, set so that a change of default cannot break the popup tests.
        'extensions.openPopupWithoutUserGesture.enabled': true,
      },
    });
    try {
      return await FirefoxHarness.start(browser, userDataDir, options.timeoutMs ?? 15_000, dir);
    } catch (error) {
      await browser.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
      throw error;
    }
  }

  private static async start(
    browser: Browser,
    userDataDir: string,
    timeoutMs: number,
    dir: string,
  ): Promise<FirefoxHarness> {
    const output: string[] = [];
    const process = browser.process();
    for (const stream of [process?.stdout, process?.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        output.push(...lines);
      });
    }
    await browser.installExtension(dir);
    const [controller = await browser.newPage()] = await browser.pages();
    const harness = new FirefoxHarness(browser, controller, userDataDir, timeoutMs, output);
    await harness.navigate(controller, harness.extensionUrl('options.html#/settings'));
    await waitFor(
      () => controller.evaluate(() => 'browser' in globalThis && document.readyState === 'complete'),
      {
        timeoutMs,
        message: 'the controller page (options.html) to load',
      },
    );
    return harness;
  }

  extensionUrl(path: string): string {
    return `${this.origin}/${path.replace(/^\//, '')}`;
  }

  private get connection(): BidiConnection {
    return (this.browser as unknown as { connection: BidiConnection }).connection;
  }

  /**
   * Navigates with the BiDi command itself: page.goto() never resolves for moz-extension:// pages (Firefox
   * sends them no load events).
   */
  async navigate(page: Page, url: string): Promise<void> {
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    await this.connection.send('browsingContext.navigate', { context, url, wait: 'complete' });
  }

  /** Opens an extension page (`options.html#/reports`) in a new tab, the active one. */
  async openExtensionPage(path: string): Promise<Page> {
    const page = await this.browser.newPage();
    await this.navigate(page, this.extensionUrl(path));
    return page;
  }

  /** Opens a web page in a new tab, the active one. */
  async openWebPage(url: string): Promise<Page> {
    const page = await this.browser.newPage();
    await page.goto(url);
    return page;
  }

  async setStorage(area: StorageAreaName, items: Record<string, unknown>): Promise<void> {
    await this.controller.evaluate(
      (name, values) => (globalThis as unknown as WithBrowser).browser.storage[name].set(values),
      area,
      items,
    );
  }

  async getStorage<T extends Record<string, unknown>>(
    area: StorageAreaName,
    keys: string[] | null = null,
  ): Promise<T> {
    const json = await this.controller.evaluate(
      async (name, wanted) =>
        JSON.stringify(await (globalThis as unknown as WithBrowser).browser.storage[name].get(wanted)),
      area,
      keys,
    );
    return JSON.parse(json) as T;
  }

  async clearStorage(area: StorageAreaName): Promise<void> {
    await this.controller.evaluate(
      (name) => (globalThis as unknown as WithBrowser).browser.storage[name].clear(),
      area,
    );
  }

  /** The origins the extension may reach now (declared or granted). */
  async grantedOrigins(): Promise<string[]> {
    return this.controller.evaluate(async () => {
      const all = await (globalThis as unknown as WithBrowser).browser.permissions.getAll();
      return [...(all.origins ?? [])];
    });
  }

  /** The extension's view of the tab showing `page` (its address must be unique among the tabs). */
  async tabFor(page: Page): Promise<{ id: number; windowId: number; url: string }> {
    return this.controller.evaluate(async (address) => {
      const tabs = (await (globalThis as unknown as WithBrowser).browser.tabs.query({})).filter(
        (tab) => tab.url === address,
      );
      if (tabs.length !== 1) throw new Error(`${tabs.length} tabs show ${address}: expected one`);
      const [tab] = tabs as [(typeof tabs)[number]];
      return { id: tab.id!, windowId: tab.windowId!, url: tab.url! };
    }, page.url());
  }

  /**
   * Calls `name(...args)` on the hooks the e2e build's background exposes as `globalThis.__pageReportsE2e`
   * (listeners a headless browser cannot trigger: menu clicks, commands, notification clicks). Firefox's
   * MV2 background is a page in the extension's process: runtime.getBackgroundPage() reaches its window.
   * The answer comes back through JSON.
   */
  async callBackgroundHook<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    const json = await this.controller.evaluate(
      async (hook, values) => {
        const background = (await (
          globalThis as unknown as WithBrowser
        ).browser.runtime.getBackgroundPage()) as
          (Window & { __pageReportsE2e?: Record<string, (...input: unknown[]) => unknown> }) | null;
        const hooks = background?.__pageReportsE2e;
        const call = hooks?.[hook];
        if (typeof call !== 'function') {
          throw new Error(`The background has no e2e hook "${hook}" (is this the e2e build?)`);
        }
        return JSON.stringify((await call(...values)) ?? null);
      },
      name,
      args,
    );
    return JSON.parse(json) as T;
  }

  /**
   * Opens the real toolbar popup over `page` (made the active tab of its focused window), as a click on
   * the toolbar button does. Headless Firefox has no button to click and BiDi does not list the popup's
   * browsing context, so the popup is driven through its window object (extension.getViews).
   */
  async openPopup(page: Page): Promise<PopupView> {
    await this.closePopup();
    await page.bringToFront();
    const tab = await this.tabFor(page);
    await this.controller.evaluate(async ({ id, windowId }) => {
      const api = (globalThis as unknown as WithBrowser).browser;
      await api.tabs.update(id, { active: true });
      await api.windows.update(windowId, { focused: true });
      // Firefox opens it only over the focused window (and without a click, as the pref set at launch says).
      // Firefox's browserAction.openPopup takes a windowId (Chrome's typings, used here, do not say so).
      const action = api.browserAction as unknown as {
        openPopup(options: { windowId: number }): Promise<void>;
      };
      await action.openPopup({ windowId });
    }, tab);
    this.popup = await PopupView.attach(this.controller, this.timeoutMs);
    return this.popup;
  }

  async closePopup(): Promise<void> {
    this.popup = undefined;
    await PopupView.closeAny(this.controller, this.timeoutMs);
  }

  /**
   * Waits for Firefox's own "requests additional permissions" prompt in the browser window and answers it
   * as a person would: its main button ("allow") or its cancel button ("deny"). Returns the prompt's text.
   */
  async answerPermissionPrompt(answer: 'allow' | 'deny'): Promise<string> {
    const tree = (await this.connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' }))
      .result as { contexts: { context: string }[] };
    const chromeWindows = tree.contexts.map((entry) => entry.context);
    const expression = `(() => {
      const note = PopupNotifications.getNotification('addon-webext-permissions', gBrowser.selectedBrowser);
      if (!note) return null;
      // The panel as shown: the add-on's name in the heading, then the origins asked for.
      const panel = PopupNotifications.panel.querySelector('#addon-webext-permissions-notification');
      const text = [note.options.name, panel?.textContent ?? ''].join(' ').replace(/\\s+/g, ' ').trim();
      const action = ${answer === 'allow' ? 'note.mainAction' : 'note.secondaryActions[0]'};
      action.callback();
      PopupNotifications.remove(note);
      return text;
    })()`;
    return waitFor(
      async () => {
        for (const context of chromeWindows) {
          const reply = (await this.connection.send('script.evaluate', {
            expression,
            target: { context },
            awaitPromise: true,
          })) as unknown as { result: { result?: { value?: unknown } } };
          const value = reply.result.result?.value;
          if (typeof value === 'string') return value;
        }
        return undefined;
      },
      { timeoutMs: this.timeoutMs, message: "Firefox's permission prompt" },
    );
  }

  /** Gives back access to origins granted at run time (as about:addons' Permissions tab does). */
  async removeOrigins(origins: string[]): Promise<void> {
    await this.controller.evaluate(
      (patterns) => (globalThis as unknown as WithBrowser).browser.permissions.remove({ origins: patterns }),
      origins,
    );
  }

  /** Errors matching one of these stop counting as the extension's (until the next test). */
  allowErrors(...patterns: (string | RegExp)[]): void {
    this.allowed.push(...patterns);
  }

  /**
   * Errors of the extension's own code since the last test began: uncaught errors in its pages and the
   * background, and console.error calls (the background logs its own failures with "Page Reports").
   */
  extensionErrors(): string[] {
    return this.output
      .slice(this.errorsFrom)
      .filter(
        (line) =>
          line.startsWith(`JavaScript error: ${this.origin}`) ||
          (line.startsWith('console.error:') && /Page Reports/.test(line)),
      )
      .filter(
        (line) =>
          !this.allowed.some((pattern) =>
            typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line),
          ),
      );
  }

  /** Closes the popup and every tab but the controller; forgets errors and their allow-list. */
  async resetBetweenTests(): Promise<void> {
    await this.closePopup();
    const pages = await this.browser.pages();
    await Promise.all(
      pages.filter((page) => page !== this.controller).map((page) => page.close().catch(() => {})),
    );
    this.allowed = [];
    this.errorsFrom = this.output.length;
  }

  async close(): Promise<void> {
    try {
      await this.browser.close();
    } finally {
      await rm(this.userDataDir, { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

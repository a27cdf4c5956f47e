import type { ConsoleMessage, Page, Worker } from 'playwright-core';

/** A substring of the error entry, or a pattern it must match. */
export type ErrorPattern = string | RegExp;

function matches(entry: string, pattern: ErrorPattern): boolean {
  if (typeof pattern === 'string') return entry.includes(pattern);
  pattern.lastIndex = 0;
  return pattern.test(entry);
}

function describeMessage(message: ConsoleMessage, contextUrl: string): string {
  const { url, lineNumber } = message.location();
  const where = url && url !== contextUrl ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : '';
  return `${message.text()}${where}`;
}

/**
 * Collects console errors and uncaught page errors of the extension's own contexts, as readable lines:
 * `[service worker] message`, `[page chrome-extension://…/options.html] message`.
 */
export class ConsoleErrorCollector {
  /** Every error seen since the last clear(), allowed or not. */
  readonly errors: string[] = [];
  private allowed: ErrorPattern[] = [];
  private readonly watched = new WeakSet<Page | Worker>();

  /** `include(url)` decides whether a context at `url` is watched at the moment it logs. */
  constructor(private readonly include: (url: string) => boolean) {}

  watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('console', (message) => {
      const entry = this.pageConsoleEntry(page, message);
      if (entry) this.errors.push(entry);
    });
    page.on('pageerror', (error) => {
      const entry = this.pageErrorEntry(page, error);
      if (entry) this.errors.push(entry);
    });
  }

  /**
   * Adds the errors `page` logged before watchPage(): for a page found after it loaded, like the action
   * popup on a CDP connection made after it opened. Call it right after watchPage(page).
   */
  async catchUp(page: Page): Promise<void> {
    const start = this.errors.length;
    const [messages, pageErrors] = await Promise.all([page.consoleMessages(), page.pageErrors()]);
    const earlier = [
      ...messages.map((message) => this.pageConsoleEntry(page, message)),
      ...pageErrors.map((error) => this.pageErrorEntry(page, error)),
    ].filter((entry): entry is string => entry !== undefined);
    // Errors logged while the history was fetched are in both lists: keep one of each.
    const live = this.errors.slice(start);
    const missed = earlier.filter((entry) => {
      const index = live.indexOf(entry);
      if (index === -1) return true;
      live.splice(index, 1);
      return false;
    });
    this.errors.splice(Math.min(start, this.errors.length), 0, ...missed);
  }

  private pageConsoleEntry(page: Page, message: ConsoleMessage): string | undefined {
    const url = page.url();
    if (message.type() !== 'error' || !this.include(url)) return undefined;
    return `[page ${url}] ${describeMessage(message, url)}`;
  }

  private pageErrorEntry(page: Page, error: Error): string | undefined {
    const url = page.url();
    if (!this.include(url)) return undefined;
    return `[page ${url}] uncaught ${error.name}: ${error.message}`;
  }

  watchWorker(worker: Worker): void {
    if (this.watched.has(worker)) return;
    this.watched.add(worker);
    // Uncaught errors of a worker never reach Playwright: the background forwards them to console.error.
    worker.on('console', (message) => {
      if (message.type() !== 'error' || !this.include(worker.url())) return;
      this.errors.push(`[service worker] ${describeMessage(message, worker.url())}`);
    });
  }

  /** Errors matching any of `patterns` no longer count as unexpected (until clear()). */
  allow(...patterns: ErrorPattern[]): void {
    this.allowed.push(...patterns);
  }

  unexpected(extraAllowed: ErrorPattern[] = []): string[] {
    const allowed = [...this.allowed, ...extraAllowed];
    return this.errors.filter((entry) => !allowed.some((pattern) => matches(entry, pattern)));
  }

  /** Throws, listing them, when errors other than the allowed ones were logged. */
  expectNone(extraAllowed: ErrorPattern[] = []): void {
    const unexpected = this.unexpected(extraAllowed);
    if (unexpected.length === 0) return;
    throw new Error(
      `${unexpected.length} unexpected console error(s) in the extension:\n` +
        unexpected.map((entry) => `  - ${entry}`).join('\n'),
    );
  }

  /** Forgets the errors seen and the allow-list. */
  clear(): void {
    this.errors.length = 0;
    this.allowed = [];
  }
}

// Shared steps of the options page's end-to-end tests: connect the extension to the reference API,
// open a section, read what reached the server, and run axe-core.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ExtensionHarness, type RecordedRequest, type ReferenceApi } from './harness';
import { connectionItems } from './support/connection';

export { seriousAxeViolations } from './harness';

/** A fresh profile state: the connection only, no remembered list preferences. */
export async function connect(extension: ExtensionHarness, api: ReferenceApi): Promise<void> {
  await extension.clearStorage('local');
  await extension.setStorage('local', connectionItems(api.url, api.apiKey));
}

export function reportsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Reports' });
}

export function projectsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Projects' });
}

/** The body rows of a table (the header row left out). */
export function bodyRows(table: Locator): Locator {
  return table.locator('tbody tr');
}

/** Requests that reached the API with this method and path (raw, percent-encoded). */
export function requestsTo(api: ReferenceApi, method: string, path: string): RecordedRequest[] {
  return api.requests.filter((request) => request.method === method && request.path === path);
}

export function lastListQuery(
  api: ReferenceApi,
  what: 'reports' | 'projects',
): Record<string, string> | undefined {
  return requestsTo(api, 'GET', `/api/v1/${what}`).at(-1)?.query;
}

/** Waits until the newest list request asked for exactly `query`. */
export async function expectListQuery(
  api: ReferenceApi,
  what: 'reports' | 'projects',
  query: Record<string, string>,
): Promise<void> {
  await expect.poll(() => lastListQuery(api, what), { timeout: 5000 }).toEqual(query);
}

export async function waitForRows(table: Locator, count: number): Promise<void> {
  await expect.poll(() => bodyRows(table).count(), { timeout: 5000 }).toBe(count);
}

/** The text of one column for every body row. */
export async function columnTexts(table: Locator, column: number): Promise<string[]> {
  return table.locator(`tbody tr > :nth-child(${column})`).allInnerTexts();
}

/** What has the focus, described by role-ish tag and accessible text. */
export function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}:${name}`;
  });
}

/**
 * Notes every answer the background gives the page, as it reaches the page: a test can then wait for a
 * late answer to arrive instead of sleeping. Returns the payloads of the answered messages of a type.
 * Call it before the messages are sent.
 */
export async function recordAnswers(page: Page): Promise<(type: string) => Promise<unknown[]>> {
  await page.evaluate(() => {
    type Message = { type: string; payload: unknown };
    const runtime = (
      globalThis as unknown as { chrome: { runtime: { sendMessage(m: Message): Promise<unknown> } } }
    ).chrome.runtime;
    const answered: Message[] = [];
    const original = runtime.sendMessage.bind(runtime);
    (globalThis as unknown as { answeredMessages: Message[] }).answeredMessages = answered;
    // The page's own code runs after this push, in the same turn: once a check sees the answer, the
    // page has dealt with it.
    runtime.sendMessage = (message) =>
      original(message).then((answer) => {
        answered.push(message);
        return answer;
      });
  });
  return (type) =>
    page.evaluate(
      (wanted) =>
        (globalThis as unknown as { answeredMessages: { type: string; payload: unknown }[] }).answeredMessages
          .filter((message) => message.type === wanted)
          .map((message) => message.payload),
      type,
    );
}

/** RFC 4180 read back: quoted fields (quotes doubled, separators and line breaks inside), CRLF records. */
export function parseCsv(text: string, separator: ',' | ';' = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

/**
 * A project's history as if `reports` were analysed `daysAgo` days ago at `score`: what the project page's
 * trend reads, with the pages analysed since joining later.
 */
export async function seedEarlierAnalyses(
  extension: ExtensionHarness,
  project: string,
  reports: { id: number | string }[],
  score = 71,
  daysAgo = 3,
): Promise<void> {
  const before = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const snapshot = {
    generatedAt: before,
    takenAt: Date.parse(before),
    score,
    band: 'decent',
    counts: { high: 0, medium: 1, low: 0, passed: 29 },
    failed: [],
  };
  const entry = { last: { generatedAt: before, score }, previous: null, count: 1, bytes: 200 };
  await extension.setStorage('local', {
    ...Object.fromEntries(reports.map((report) => [`e2e-connection:history:${report.id}`, [snapshot]])),
    'e2e-connection:historyIndex': Object.fromEntries(
      reports.map((report) => [report.id, { ...entry, touched: Date.parse(before), project }]),
    ),
  });
}

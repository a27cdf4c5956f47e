// The export's model: every page read with the list's filters, the pace the throttle asks for, Stop, and a
// failure midway with Retry going on from the page that failed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RateLimit, Result } from '@/lib/api/errors';
import type { ExportPage, ExportRow } from '@/lib/export/export-row';
import { createExportModel, EXPORT_PER_PAGE } from '@/entrypoints/options/reports/export/export-model';
import { BOM } from '@/entrypoints/options/reports/export/csv';
import type { ReportFilters } from '@/entrypoints/options/reports/reports-model';
import { createServices } from '@/entrypoints/background/service';
import { createApiClient } from '@/entrypoints/background/service/client';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { json } from '../../../background/service/fake-fetch';
import { callsOf, deferred, fail, fakeSend, ok, type Handler } from '../../fakes';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
const fakes = vi.hoisted(() => ({
  files: [] as { name: string; text: string }[],
  sleep: undefined as unknown as Sleep,
}));
vi.mock('@/lib/pace', async (original) => ({
  ...(await original<typeof import('@/lib/pace')>()),
  abortableSleep: (ms: number, signal?: AbortSignal) => fakes.sleep(ms, signal),
}));
vi.mock('@/entrypoints/options/reports/export/csv', async (original) => ({
  ...(await original<typeof import('@/entrypoints/options/reports/export/csv')>()),
  downloadFile: (name: string, text: string) => void fakes.files.push({ name, text }),
}));

function exportRow(id: number): ExportRow {
  return {
    id,
    url: `site.example/page-${id}`,
    pageUrl: `https://site.example/page-${id}`,
    serviceUrl: null,
    project: 'site.example',
    result: 'good',
    score: 90,
    previousScore: null,
    change: null,
    privacy: 0,
    createdAt: '2026-11-20T09:14:03.000000Z',
    generatedAt: '2026-11-20T09:14:03.000000Z',
    counts: { high: 0, medium: 1, low: 2, passed: 30 },
    failed: { high: [], medium: ['No favicon'], low: ['Inline CSS', 'Page too big'] },
  };
}

/** `total` reports, newest first, cut into pages of `perPage`. */
function pageOf(total: number, page: number, perPage = EXPORT_PER_PAGE): ExportPage {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const rows: ExportRow[] = [];
  for (let index = (page - 1) * perPage; index < Math.min(total, page * perPage); index++) {
    rows.push(exportRow(total - index));
  }
  return { rows, page, lastPage, total, hasNext: page < lastPage };
}

const QUERY: ReportFilters = { search: 'site', searchBy: 'url', result: 'good', sortBy: 'url', sort: 'asc' };

function setup(handler: Handler<'reports.exportPage'>, sleep?: Sleep) {
  const send = fakeSend({ 'reports.exportPage': handler });
  const files: { name: string; text: string }[] = (fakes.files = []);
  const sleeps: number[] = [];
  fakes.sleep = sleep ?? (async (ms) => void sleeps.push(ms));
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 12) });
  const model = createExportModel();
  return { send, model, files, sleeps, pages: () => callsOf(send, 'reports.exportPage') };
}

/** The URL column of a file, header left out. */
function urlsIn(text: string): string[] {
  return text
    .slice(BOM.length)
    .split('\r\n')
    .slice(1, -1)
    .map((record) => record.split(',')[0]!.replace(/^"|"$/g, ''));
}

describe('export model', () => {
  afterEach(() => void vi.useRealTimers());

  it('reads every page of the filtered list, in order, and downloads them as one file', async () => {
    const { model, files, pages, sleeps } = setup(({ page }) => ok(pageOf(250, page ?? 1)));
    await model.start(QUERY);
    expect(pages()).toEqual([
      { ...QUERY, perPage: 100, page: 1 },
      { ...QUERY, perPage: 100, page: 2 },
      { ...QUERY, perPage: 100, page: 3 },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('page-reports-good-search-site-2026-11-25.csv');
    const urls = urlsIn(files[0]!.text);
    expect(urls).toHaveLength(250);
    expect(urls[0]).toBe('https://site.example/page-250');
    expect(urls.at(-1)).toBe('https://site.example/page-1');
    expect(model.state.value).toEqual({
      phase: 'done',
      count: 250,
      fileName: 'page-reports-good-search-site-2026-11-25.csv',
    });
    // The normal pause between pages, none before the first.
    expect(sleeps).toEqual([250, 250]);
  });

  it('says which page it reads, of how many', async () => {
    const second = deferred<Result<ExportPage>>();
    const { model } = setup(({ page }) => (page === 2 ? second.promise : ok(pageOf(150, page ?? 1))));
    const done = model.start({});
    await vi.waitFor(() =>
      expect(model.state.value).toEqual({ phase: 'reading', page: 2, lastPage: 2, waitingSeconds: null }),
    );
    expect(model.running.value).toBe(true);
    second.resolve(ok(pageOf(150, 2)));
    await done;
    expect(model.running.value).toBe(false);
  });

  it('counts a report met twice across pages (the list moved meanwhile) once', async () => {
    const { model, files } = setup(({ page }) =>
      ok(page === 1 ? pageOf(150, 1) : { ...pageOf(150, 2), rows: [exportRow(51), ...pageOf(150, 2).rows] }),
    );
    await model.start({});
    expect(urlsIn(files[0]!.text)).toHaveLength(150);
  });

  it('ends when a page repeats one already read, though the service says there is a next page', async () => {
    const { model, files, pages } = setup(({ page }) =>
      ok({ ...pageOf(250, Math.min(page ?? 1, 2)), hasNext: true, lastPage: null, total: null }),
    );
    await model.start({});
    // Pages 1 and 2, then page 3 answered as page 2 again: nothing new, so the list ended there.
    expect(pages()).toHaveLength(3);
    expect(urlsIn(files[0]!.text)).toHaveLength(200);
    expect(model.state.value).toMatchObject({ phase: 'done', count: 200 });
  });

  it('ends at its cap of 1,000 pages when the service never says the list ended', async () => {
    const { model, pages } = setup(({ page = 1 }) =>
      ok({ rows: [exportRow(page)], page, lastPage: null, total: null, hasNext: true }),
    );
    await model.start({});
    expect(pages()).toHaveLength(1000);
    expect(model.state.value).toMatchObject({ phase: 'done', count: 1000 });
  });

  it('reads no page past the last one the total allows, though the service says there is a next page', async () => {
    const { model, files, pages } = setup(({ page }) => ok({ ...pageOf(250, page ?? 1), hasNext: true }));
    await model.start({});
    expect(pages()).toHaveLength(3);
    expect(urlsIn(files[0]!.text)).toHaveLength(250);
  });

  it('downloads the header alone when nothing matches', async () => {
    const { model, files, pages } = setup(() =>
      ok({ rows: [], page: 1, lastPage: 1, total: 0, hasNext: false }),
    );
    await model.start(QUERY);
    expect(pages()).toHaveLength(1);
    expect(urlsIn(files[0]!.text)).toEqual([]);
    expect(model.state.value).toMatchObject({ phase: 'done', count: 0 });
  });

  it('slows to one request per (60 s / limit) when X-RateLimit-Remaining runs low, and back when there is room', async () => {
    const room: Record<number, RateLimit> = {
      1: { limit: 60, remaining: 50 },
      2: { limit: 60, remaining: 3 },
      3: { limit: 60, remaining: 2 },
      4: { limit: 60, remaining: 59 },
    };
    const { model, sleeps } = setup(({ page = 1 }) => ({
      ok: true,
      data: pageOf(500, page),
      rateLimit: room[page],
    }));
    await model.start({});
    // After page 1: room; after 2 and 3: low (60 s / 60 = 1 s); after 4: room again.
    expect(sleeps).toEqual([250, 1000, 1000, 250]);
  });

  it('waits out a 429 as Retry-After says, shows the wait, and asks for the same page again', async () => {
    let limited = 0;
    const states: unknown[] = [];
    const { model, sleeps, pages, files } = setup(({ page = 1 }) => {
      if (page === 2 && limited++ === 0) return fail('rate_limited', { retryAfterSeconds: 7 });
      return ok(pageOf(300, page));
    });
    const stop = model.state.subscribe((state) => states.push(state));
    await model.start({});
    stop();
    expect(pages().map((query) => query.page)).toEqual([1, 2, 2, 3]);
    expect(states).toContainEqual({ phase: 'reading', page: 2, lastPage: 3, waitingSeconds: 7 });
    // The wait, then the pace stays at it until an answer shows room (none of these carry headers).
    expect(sleeps).toEqual([250, 7000, 7000]);
    expect(urlsIn(files[0]!.text)).toHaveLength(300);
  });

  it('Stop ends the export: no further page, nothing downloaded, and says so', async () => {
    const second = deferred<Result<ExportPage>>();
    const { model, files, pages } = setup(({ page }) =>
      page === 2 ? second.promise : ok(pageOf(300, page ?? 1)),
    );
    const done = model.start({});
    await vi.waitFor(() => expect(model.state.value).toMatchObject({ phase: 'reading', page: 2 }));
    model.stop();
    expect(model.state.value).toEqual({ phase: 'stopped' });
    second.resolve(ok(pageOf(300, 2)));
    await done;
    expect(pages()).toHaveLength(2);
    expect(files).toEqual([]);
    expect(model.state.value).toEqual({ phase: 'stopped' });
    expect(model.running.value).toBe(false);
  });

  it('Stop during a 429 wait asks nothing more', async () => {
    const { model, files, pages } = setup(
      () => fail('rate_limited', { retryAfterSeconds: 30 }),
      (_ms, signal) => new Promise((resolve) => signal?.addEventListener('abort', () => resolve())),
    );
    const done = model.start({});
    await vi.waitFor(() => expect(model.state.value).toMatchObject({ waitingSeconds: 30 }));
    model.stop();
    await done;
    expect(pages()).toHaveLength(1);
    expect(files).toEqual([]);
    expect(model.state.value).toEqual({ phase: 'stopped' });
  });

  it('a failure midway says which page; Retry goes on from there and the file holds every page once', async () => {
    let failures = 1;
    const { model, files, pages } = setup(({ page = 1 }) => {
      if (page === 2 && failures-- > 0) return fail('server', { status: 503 });
      return ok(pageOf(300, page));
    });
    await model.start(QUERY);
    expect(model.state.value).toMatchObject({ phase: 'failed', page: 2, lastPage: 3 });
    const failed = model.state.value as { error: { message: string } };
    expect(failed.error.message).toMatch(/\w/);
    expect(files).toEqual([]);
    expect(model.running.value).toBe(false);

    await model.retry();
    expect(pages().map((query) => query.page)).toEqual([1, 2, 2, 3]);
    // The same filters on the pages read after Retry.
    expect(pages().at(-1)).toEqual({ ...QUERY, perPage: 100, page: 3 });
    const urls = urlsIn(files[0]!.text);
    expect(urls).toHaveLength(300);
    expect(new Set(urls).size).toBe(300);
    expect(model.state.value).toMatchObject({ phase: 'done', count: 300 });
  });

  it('a new export after a failure starts from page 1 with nothing kept', async () => {
    let failing = true;
    const { model, files, pages } = setup(({ page = 1 }) =>
      failing && page === 2 ? fail('network') : ok(pageOf(200, page)),
    );
    await model.start({});
    failing = false;
    model.dismiss();
    expect(model.state.value).toBeNull();
    await model.start({ search: 'other' });
    expect(pages().map((query) => query.page)).toEqual([1, 2, 1, 2]);
    expect(pages().at(-1)).toMatchObject({ search: 'other' });
    expect(urlsIn(files[0]!.text)).toHaveLength(200);
  });

  it('a second start while one runs is ignored', async () => {
    const first = deferred<Result<ExportPage>>();
    const { model, pages, files } = setup(() => first.promise);
    const done = model.start({});
    await model.start({ search: 'again' });
    first.resolve(ok(pageOf(10, 1)));
    await done;
    expect(pages()).toHaveLength(1);
    expect(files).toHaveLength(1);
  });
});

describe('export model over the service', () => {
  afterEach(() => void vi.useRealTimers());

  /** The export's reads through the background's service and client to a server that answers `answer`. */
  async function overServer(answer: (page: number, asked: number) => Response) {
    fakeBrowser.reset();
    const connection = { id: 'c', label: 'C', baseUrl: 'https://rank.example', apiKey: 'key-1234abcd' };
    await writeConnections({ active: 'c', list: [connection] });
    const asked: number[] = [];
    const server = async (url: string | URL | Request) => {
      const page = Number(new URL(String(url)).searchParams.get('page'));
      asked.push(page);
      return answer(page, asked.filter((each) => each === page).length);
    };
    const service = createServices(
      async () => {},
      (settings) => createApiClient({ ...settings, fetch: server as typeof fetch, sleep: async () => {} }),
    )({ id: 'c', account: 'c' });
    const { model, sleeps } = setup((query) => service.exportPage(query));
    const states: unknown[] = [];
    model.state.subscribe((state) => states.push(state));
    return { model, sleeps, asked, states };
  }

  const TOO_MANY = () => json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '1' });
  const ONE_REPORT = () =>
    json({
      data: [{ id: 7, url: 'site.example/', project: 'site.example', result: 80, privacy: 0 }],
      meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
    });

  it('a 429 is waited out once, by the export, which shows the wait', async () => {
    const { model, sleeps, asked, states } = await overServer((_page, asked) =>
      asked === 1 ? TOO_MANY() : ONE_REPORT(),
    );
    await model.start({});
    expect(asked).toEqual([1, 1]);
    expect(sleeps).toEqual([1000]);
    expect(states).toContainEqual({ phase: 'reading', page: 1, lastPage: null, waitingSeconds: 1 });
    expect(model.state.value).toMatchObject({ phase: 'done', count: 1 });
  });

  it('a burst of 429s costs a page no more requests than the one pacer allows (three waits)', async () => {
    const { model, asked } = await overServer(TOO_MANY);
    await model.start({});
    expect(asked).toEqual([1, 1, 1, 1]);
    expect(model.state.value).toMatchObject({ phase: 'failed', page: 1, error: { kind: 'rate_limited' } });
  });
});

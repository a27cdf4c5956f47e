// A project's site read in the background, on the fake clock against a fake service: 100 reports a page,
// paced (throttle headers, Retry-After), capped, Stop and resume, failures, the one list read that finds
// kept rows current (and when it cannot: a regenerated report, a server ignoring the generated_at sort),
// report events keeping the rows current, a deleted project. Then the whole background over a fake
// network: the read goes through its own connection's client whatever becomes active, and every report it
// reads reaches the store and the history.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import { createSiteReads } from '@/entrypoints/background/site-reads';
import { workAlarm } from '@/entrypoints/background/jobs/runner';
import { clearSpace } from '@/entrypoints/background/storage-budget';
import { createBackground } from '@/entrypoints/background/wiring';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import type { RateLimit, Result } from '@/lib/api/errors';
import { summarizeChecks } from '@/lib/api/report-checks';
import type { Page, Report } from '@/lib/api/types';
import { readHistory } from '@/lib/history';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { SITE_READ_CAP, siteViewName, type SiteReadState, type SiteView } from '@/lib/site';
import { SITE_JOB_PREFIX } from '@/lib/storage-keys';
import { makeReport } from '../options/fakes';

const PROJECT = 'Client A / Landing pages';
const VIEW_KEY = `a:${siteViewName(PROJECT)}`;

/** When report `id` was generated: report 1 first, a second apart. */
const generated = (id: number, later = 0) => new Date(Date.UTC(2024, 4, 1) + id * 1000 + later).toISOString();

/** A report of the project failing these tests (with their error keys), as the client hands it over. */
function reportOf(
  id: number,
  failing: Record<string, object> = { meta_description: { missing: null } },
  changes: Partial<Report> = {},
): Report {
  const results: Record<string, object> = { charset: { passed: true } };
  for (const [key, errors] of Object.entries(failing)) results[key] = { passed: false, errors };
  return makeReport(id, {
    project: PROJECT,
    url: `site.example/page-${id}`,
    score: 50 + (id % 40),
    result: null,
    checks: summarizeChecks(results),
    generatedAt: generated(id),
    ...changes,
  });
}

type Answer = (query: ReportListQuery) => Result<Page<Report>> | undefined;

/**
 * A fake service holding `size` reports of the project. It sorts by generated_at as asked, or, like
 * phpRank, by id whatever is asked (and says so in its page links). `script` answers a request before
 * the service does (a 429, a failure); each request is recorded with its time.
 */
function service(
  size: number,
  { sortsByGenerated = true, rateLimit }: { sortsByGenerated?: boolean; rateLimit?: RateLimit } = {},
) {
  const reports = new Map<number, Report>();
  for (let id = 1; id <= size; id++) reports.set(id, reportOf(id));
  const asked: { query: ReportListQuery; at: number }[] = [];
  const script: Answer[] = [];
  const list = async (query: ReportListQuery): Promise<Result<Page<Report>>> => {
    asked.push({ query, at: Date.now() });
    const scripted = script.shift()?.(query);
    if (scripted) return scripted;
    const byGenerated = sortsByGenerated && query.sortBy === 'generated_at';
    const sorted = [...reports.values()]
      .filter((report) => report.project === query.project)
      .sort((a, b) =>
        byGenerated
          ? b.generatedAt!.localeCompare(a.generatedAt!) || Number(b.id) - Number(a.id)
          : Number(b.id) - Number(a.id),
      );
    const page = query.page ?? 1;
    const perPage = query.perPage ?? 10;
    const items = sorted.slice((page - 1) * perPage, page * perPage);
    const lastPage = Math.max(1, Math.ceil(sorted.length / perPage));
    const data: Page<Report> = {
      items,
      page,
      perPage,
      total: sorted.length,
      lastPage,
      hasNext: page < lastPage,
      hasPrevious: page > 1,
      from: null,
      to: null,
      appliedSort: { sortBy: byGenerated ? 'generated_at' : 'id', sort: 'desc' },
    };
    return rateLimit ? { ok: true, data, rateLimit } : { ok: true, data };
  };
  return { reports, asked, script, list, pages: () => asked.map(({ query }) => query.page) };
}

/** Whether every read of connection a ended: its job ended, and its alarm gone with the runner's loop. */
async function readsEnded(): Promise<boolean> {
  const jobs = Object.entries(await fakeBrowser.storage.session.get(null)).filter(([key]) =>
    key.startsWith(`a:${SITE_JOB_PREFIX}`),
  );
  const alarms = await fakeBrowser.alarms.getAll();
  return (
    jobs.every(([, job]) => (job as { phase: string }).phase === 'ended') &&
    !alarms.some((alarm) => alarm.name.startsWith(workAlarm('site', 'a', '')))
  );
}

/** Connection a's site reads over `fake`; `settled()` runs the fake clock until every read started has ended. */
function setup(fake: ReturnType<typeof service>) {
  const sites = createSiteReads('a', { listReports: fake.list }, new AbortController().signal);
  async function settled(maxMs = 600_000) {
    for (let elapsed = 0; elapsed < maxMs; elapsed += 100) {
      if (await readsEnded()) return;
      await vi.advanceTimersByTimeAsync(100);
    }
    throw new Error('the read never ended');
  }
  const read = async (fresh?: boolean) => {
    expect(await sites.handlers['site.read']({ name: PROJECT, fresh })).toEqual({ ok: true, data: null });
  };
  return { sites, settled, read };
}

const view = async () => (await fakeBrowser.storage.session.get(VIEW_KEY))[VIEW_KEY] as SiteView | undefined;
const testsOf = async () => (await view())?.summary?.tests.map(({ key, pages }) => [key, pages]);

/** Every state of the read as written, in order. */
function readStates(): SiteReadState[] {
  const states: SiteReadState[] = [];
  fakeBrowser.storage.session.onChanged.addListener((changes) => {
    const written = changes[VIEW_KEY]?.newValue as SiteView | undefined;
    if (written) states.push(written.read);
  });
  return states;
}

/** Report answers reach the kept rows a moment later: runs the fake clock until `work` says they did. */
async function written(work: Promise<void>) {
  await vi.advanceTimersByTimeAsync(5000);
  await work;
}

/** Runs the fake clock until `work` has ended. */
async function until(work: Promise<unknown>, maxMs = 600_000) {
  let done = false;
  void work.finally(() => (done = true));
  for (let elapsed = 0; !done; elapsed += 100) {
    if (elapsed > maxMs) throw new Error('it never ended');
    await vi.advanceTimersByTimeAsync(100);
  }
  await work;
}

const gaps = (asked: { at: number }[]) => asked.slice(1).map((entry, index) => entry.at - asked[index]!.at);

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => vi.useRealTimers());

describe('reading a project', () => {
  it('reads 100 reports a page, newest id first, paced, and says how far it got after each page', async () => {
    const fake = service(250);
    const { read, settled } = setup(fake);
    const states = readStates();
    await read();
    await settled();
    expect(fake.asked.map(({ query }) => query)).toEqual(
      [1, 2, 3].map((page) => ({
        project: PROJECT,
        sortBy: 'id',
        sort: 'desc',
        perPage: 100,
        page,
      })),
    );
    expect(gaps(fake.asked).every((gap) => gap >= 250 && gap < 400)).toBe(true);
    expect(states).toEqual([
      { phase: 'reading', read: 0, total: null },
      { phase: 'reading', read: 100, total: 250 },
      { phase: 'reading', read: 200, total: 250 },
      { phase: 'done' },
    ]);
    expect((await view())?.summary).toMatchObject({
      project: PROJECT,
      pages: 250,
      total: 250,
      cut: false,
      tests: [
        expect.objectContaining({ key: 'meta_description', name: 'Meta description missing', pages: 250 }),
      ],
    });
  });

  it('runs one read of a project at a time: a second site.read while it runs sends nothing more', async () => {
    const fake = service(150);
    const { read, settled } = setup(fake);
    await read();
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 2]);
  });

  it(`stops at ${SITE_READ_CAP} reports and says it was cut, with the service's total`, async () => {
    const fake = service(SITE_READ_CAP + 50);
    const { read, settled } = setup(fake);
    await read();
    await settled();
    expect(fake.asked).toHaveLength(SITE_READ_CAP / 100);
    expect((await view())?.summary).toMatchObject({
      pages: SITE_READ_CAP,
      total: SITE_READ_CAP + 50,
      cut: true,
    });
  });

  it(`is not cut when the project has exactly ${SITE_READ_CAP} reports`, async () => {
    const fake = service(SITE_READ_CAP);
    const { read, settled } = setup(fake);
    await read();
    await settled();
    expect((await view())?.summary).toMatchObject({ pages: SITE_READ_CAP, total: SITE_READ_CAP, cut: false });
  });

  it('Stop sends nothing more and keeps what was read; the next read goes on from the page it reached', async () => {
    const fake = service(350);
    const { sites, read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(1), { interval: 1 });
    await sites.handlers['site.stop']({ name: PROJECT });
    await settled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.pages()).toEqual([1]);
    expect(await view()).toEqual({ summary: null, read: { phase: 'stopped', read: 100, total: 350 } });

    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 2, 3, 4]);
    expect((await view())?.summary).toMatchObject({ pages: 350, total: 350 });
    expect((await view())?.read).toEqual({ phase: 'done' });
  });

  it('misses nothing when reports are regenerated between Stop and the next read', async () => {
    const fake = service(350);
    const { sites, read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(1), { interval: 1 });
    await sites.handlers['site.stop']({ name: PROJECT });
    await settled();
    // "Regenerate these pages" elsewhere: 150 reports not read yet now fail another test.
    for (let id = 1; id <= 150; id++) {
      fake.reports.set(
        id,
        reportOf(id, { title: { missing: null } }, { generatedAt: generated(id, 3_600_000) }),
      );
    }
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 2, 3, 4]);
    expect(await testsOf()).toEqual([
      ['meta_description', 200],
      ['title', 150],
    ]);
  });

  it('reports answered while a read is stopped do not cut it short', async () => {
    const fake = service(350);
    const { sites, read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(1), { interval: 1 });
    await sites.handlers['site.stop']({ name: PROJECT });
    await settled();
    // The whole of page 2, answered elsewhere: the read finds them there, still something new.
    const page2 = Array.from({ length: 100 }, (_, index) =>
      reportOf(250 - index, { title: { missing: null } }),
    );
    page2.forEach((report) => fake.reports.set(Number(report.id), report));
    await written(sites.noted(page2));
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 2, 3, 4]);
    expect((await view())?.summary).toMatchObject({ pages: 350 });
  });

  it('a read a stopped worker left under way goes on when the next worker starts', async () => {
    const fake = service(250);
    const stalled = createSiteReads(
      'a',
      {
        // The worker stops while page 2 is on its way: no answer ever comes to it.
        listReports: (query) => (query.page === 1 ? fake.list(query) : new Promise(() => {})),
      },
      new AbortController().signal,
    );
    await stalled.handlers['site.read']({ name: PROJECT });
    await vi.waitFor(() => expect(fake.asked).toHaveLength(1), { interval: 1 });
    await vi.waitFor(async () => expect((await view())?.read).toMatchObject({ read: 100 }), { interval: 1 });

    const { sites } = setup(fake);
    await until(sites.resume());
    expect(fake.pages()).toEqual([1, 2, 3]);
    expect((await view())?.summary).toMatchObject({ pages: 250 });
  });

  it('a failure says the service’s sentence and keeps the pages read; the next read goes on from there', async () => {
    const fake = service(250);
    fake.script.push(
      () => undefined,
      () => ({ ok: false, error: apiError('server', { status: 500 }) }),
    );
    const { read, settled } = setup(fake);
    await read();
    await settled();
    expect(await view()).toEqual({
      summary: null,
      read: {
        phase: 'failed',
        error: expect.objectContaining({ kind: 'server', message: apiError('server').message }),
      },
    });
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 2, 2, 3]);
    expect((await view())?.summary).toMatchObject({ pages: 250 });
  });
});

describe('the pace', () => {
  it('waits out a 429’s Retry-After and asks for the same page again, still reading meanwhile', async () => {
    const fake = service(250);
    fake.script.push(
      () => undefined,
      () => ({ ok: false, error: apiError('rate_limited', { status: 429, retryAfterSeconds: 7 }) }),
    );
    const { read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(2), { interval: 1, timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.asked).toHaveLength(2);
    expect((await view())?.read).toEqual({ phase: 'reading', read: 100, total: 250 });
    await settled();
    expect(fake.pages()).toEqual([1, 2, 2, 3]);
    const [, limited, again, last] = fake.asked;
    expect(again!.at - limited!.at).toBeGreaterThanOrEqual(7000);
    // The pace stays at that wait until an answer shows room again (these carry no headers).
    expect(last!.at - again!.at).toBeGreaterThanOrEqual(7000);
    expect((await view())?.summary).toMatchObject({ pages: 250 });
  });

  it('slows to one page per (60 s / limit) when the headers say room is low', async () => {
    const fake = service(250, { rateLimit: { limit: 10, remaining: 1 } });
    const { read, settled } = setup(fake);
    await read();
    await settled();
    expect(gaps(fake.asked)).toEqual([2000, 2000]);
  });

  it('fails with the service’s sentence after three 429s for one page', async () => {
    const fake = service(50);
    const limited = () => ({
      ok: false as const,
      error: apiError('rate_limited', { status: 429, retryAfterSeconds: 1 }),
    });
    fake.script.push(limited, limited, limited, limited);
    const { read, settled } = setup(fake);
    await read();
    await settled();
    expect(fake.asked).toHaveLength(4);
    expect((await view())?.read).toEqual({
      phase: 'failed',
      error: expect.objectContaining({
        kind: 'rate_limited',
        message: apiError('rate_limited', { retryAfterSeconds: 1 }).message,
      }),
    });
  });
});

describe('a second visit', () => {
  async function readOnce(fake: ReturnType<typeof service>) {
    const reads = setup(fake);
    await reads.read();
    await reads.settled();
    fake.asked.length = 0;
    return reads;
  }

  it('costs one list read when nothing changed', async () => {
    const fake = service(250);
    const { read, settled } = await readOnce(fake);
    const before = await view();
    await vi.advanceTimersByTimeAsync(60_000); // a visit a minute later
    await read();
    await settled();
    expect(fake.asked.map(({ query }) => query)).toEqual([
      { project: PROJECT, sortBy: 'generated_at', sort: 'desc', perPage: 100, page: 1 },
    ]);
    // The same summary, found current now: a page that reads again once a summary is old waits anew.
    const after = await view();
    expect(after).toEqual({ ...before, summary: { ...before!.summary, readAt: expect.any(Number) } });
    expect(after!.summary!.readAt).toBeGreaterThan(before!.summary!.readAt);
  });

  it('reads again in full when a report was regenerated', async () => {
    const fake = service(250);
    const { read, settled } = await readOnce(fake);
    fake.reports.set(7, reportOf(7, { title: { missing: null } }, { generatedAt: generated(7, 3_600_000) }));
    await read();
    await settled();
    expect(fake.asked.map(({ query }) => [query.sortBy, query.page])).toEqual([
      ['generated_at', 1],
      ['id', 1],
      ['id', 2],
      ['id', 3],
    ]);
    expect(await testsOf()).toEqual([
      ['meta_description', 249],
      ['title', 1],
    ]);
  });

  it('reads again in full when the service counts another number of reports', async () => {
    const fake = service(250);
    const { read, settled } = await readOnce(fake);
    fake.reports.delete(3); // an old one: the newest page is unchanged
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 1, 2, 3]);
    expect((await view())?.summary?.pages).toBe(249);
  });

  it('reads again in full when asked to (fresh)', async () => {
    const fake = service(250);
    const { read, settled } = await readOnce(fake);
    await read(true);
    await settled();
    expect(fake.pages()).toEqual([1, 2, 3]);
  });

  it('on a server that ignores the generated_at sort (phpRank), reads a larger project in full every time', async () => {
    const fake = service(250, { sortsByGenerated: false });
    const { read, settled } = await readOnce(fake);
    // Page 1 (the newest ids) is unchanged, but an older report was regenerated: only a full read sees it.
    fake.reports.set(7, reportOf(7, { title: { missing: null } }, { generatedAt: generated(7, 3_600_000) }));
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 1, 2, 3]);
    expect(await testsOf()).toEqual([
      ['meta_description', 249],
      ['title', 1],
    ]);
  });

  it('on such a server, a project that fits on one page costs one read, changed or not (that page is all of it)', async () => {
    const fake = service(80, { sortsByGenerated: false });
    const { read, settled } = await readOnce(fake);
    await read();
    await settled();
    expect(fake.pages()).toEqual([1]);
    fake.reports.set(7, reportOf(7, { title: { missing: null } }, { generatedAt: generated(7, 3_600_000) }));
    await read();
    await settled();
    expect(fake.pages()).toEqual([1, 1]);
    expect(await testsOf()).toEqual([
      ['meta_description', 79],
      ['title', 1],
    ]);
  });

  it('keeps the kept summary when the one list read fails, and says why', async () => {
    const fake = service(50);
    const { read, settled } = await readOnce(fake);
    const { summary } = (await view())!;
    fake.script.push(() => ({ ok: false, error: apiError('network') }));
    await read();
    await settled();
    expect(await view()).toEqual({
      summary,
      read: {
        phase: 'failed',
        error: expect.objectContaining({ kind: 'network', message: apiError('network').message }),
      },
    });
  });
});

describe('the kept rows follow report answers', () => {
  async function readProject(size = 3) {
    const fake = service(size);
    const reads = setup(fake);
    await reads.read();
    await reads.settled();
    return { fake, ...reads };
  }

  it('a report answered again (regenerated, read, created) changes its project’s ranking and pages', async () => {
    const { sites } = await readProject();
    await written(
      sites.noted([reportOf(2, { title: { missing: null }, favicon: { missing: null } }, { score: 12 })]),
    );
    expect(await testsOf()).toEqual([
      ['meta_description', 2],
      ['title', 1],
      ['favicon', 1],
    ]);
    await written(sites.noted([reportOf(4, { title: { missing: null } })]));
    expect((await view())?.summary).toMatchObject({ pages: 4, total: 4 });
    expect(await testsOf()).toEqual([
      ['meta_description', 2],
      ['title', 2],
      ['favicon', 1],
    ]);
    const pages = await sites.handlers['site.pages']({ name: PROJECT, test: 'title' });
    expect(pages.ok && pages.data.map((page) => [page.id, page.score])).toEqual([
      [2, 12],
      [4, 54],
    ]);
  });

  it('answers that come together cost one write of the rows', async () => {
    const { sites } = await readProject();
    let writes = 0;
    fakeBrowser.storage.session.onChanged.addListener((changes) => {
      if (`a:siteRows:${PROJECT}` in changes) writes++;
    });
    const answers = [1, 2, 3].map((id) => sites.noted([reportOf(id, { title: { missing: null } })]));
    await written(Promise.all(answers).then(() => undefined));
    expect(writes).toBe(1);
    expect(await testsOf()).toEqual([['title', 3]]);
  });

  it('a report answered while a second visit finds the rows current stays in them', async () => {
    const { sites, read, settled, fake } = await readProject();
    fake.asked.length = 0;
    // The check's read of the kept rows (once the list answered) is held until the report's write is queued.
    const get = fakeBrowser.storage.session.get.bind(fakeBrowser.storage.session);
    let held = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(fakeBrowser.storage.session, 'get').mockImplementation((async (keys: never) => {
      const value = await get(keys);
      if (!held && fake.asked.length === 1 && JSON.stringify(keys ?? null).includes('siteRows')) {
        held = true;
        await released;
      }
      return value;
    }) as never);
    await read();
    await vi.waitFor(() => expect(held).toBe(true));
    const noting = sites.noted([reportOf(4, { title: { missing: null } })]);
    await vi.advanceTimersByTimeAsync(2500);
    release();
    await settled();
    await written(noting);
    expect(fake.asked).toHaveLength(1);
    expect((await view())?.summary).toMatchObject({ pages: 4, total: 4 });
    const pages = await sites.handlers['site.pages']({ name: PROJECT, test: 'title' });
    expect(pages.ok && pages.data.map((page) => page.id)).toEqual([4]);
  });

  it('a report of a project not kept changes nothing', async () => {
    const { sites } = await readProject();
    const before = await fakeBrowser.storage.session.get(null);
    await written(sites.noted([reportOf(9, {}, { project: 'Another site' })]));
    expect(await fakeBrowser.storage.session.get(null)).toEqual(before);
  });

  it('a report gone leaves the ranking and the pages', async () => {
    const { sites } = await readProject();
    await written(sites.gone(2));
    expect((await view())?.summary).toMatchObject({ pages: 2, total: 2 });
    const pages = await sites.handlers['site.pages']({ name: PROJECT, test: 'meta_description' });
    expect(pages.ok && pages.data.map((page) => page.id)).toEqual([1, 3]);
  });

  it('a deleted project loses its rows and its view', async () => {
    const { sites } = await readProject();
    await sites.projectGone(PROJECT);
    expect(await view()).toBeUndefined();
    expect(await sites.handlers['site.pages']({ name: PROJECT, test: 'meta_description' })).toEqual({
      ok: true,
      data: [],
    });
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual(['a:siteKept']);
  });

  it('a project deleted while it is read: nothing more is sent, nothing of it written', async () => {
    const fake = service(350);
    const { sites, read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(1), { interval: 1 });
    await sites.projectGone(PROJECT);
    await settled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.pages()).toEqual([1]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ 'a:siteKept': [] });
  });

  it('a project made again under a deleted one’s name is read at once, at its own pace, not the 429 wait of the deleted one’s read', async () => {
    const fake = service(250);
    fake.script.push(
      () => undefined,
      () => ({ ok: false, error: apiError('rate_limited', { status: 429, retryAfterSeconds: 60 }) }),
    );
    const { sites, read, settled } = setup(fake);
    await read();
    await vi.waitFor(() => expect(fake.asked).toHaveLength(2), { interval: 1 });
    await sites.projectGone(PROJECT);
    fake.asked.length = 0;

    await read();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.pages()).toEqual([1, 2, 3]);
    expect(gaps(fake.asked).every((gap) => gap < 400)).toBe(true);
    await settled();
    expect((await view())?.summary).toMatchObject({ pages: 250 });
  });

  it('everything kept is under the connection’s id: removing the connection removes it', async () => {
    const { read, settled, sites } = await readProject();
    await read();
    await sites.handlers['site.read']({ name: 'Other', fresh: true });
    await settled();
    const keys = Object.keys(await fakeBrowser.storage.session.get(null));
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.every((key) => key.startsWith('a:'))).toBe(true);
    await clearSpace('a');
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });
});

describe('in the whole background', () => {
  const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-'.padEnd(40, 'a') };
  const B = { id: 'b', label: 'B', baseUrl: 'https://b.example', apiKey: 'key-of-b-'.padEnd(40, 'b') };

  /** A report as the service sends it (phpRank: the score as `result`, the tests as `results`). */
  const served = (id: number, failing: string[]) => ({
    id,
    url: `site.example/page-${id}`,
    project: PROJECT,
    result: 60,
    privacy: 0,
    generated_at: generated(id),
    results: Object.fromEntries([
      ['charset', { passed: true }],
      ...failing.map((key) => [key, { passed: false, errors: { missing: null } }]),
    ]),
  });

  /** One server per origin, 150 reports each; A holds its first list until released. */
  function network() {
    const asked: Record<string, URL[]> = {};
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      (asked[url.origin] ??= []).push(url);
      if (url.origin === A.baseUrl && asked[url.origin]!.length === 1) await held;
      if (init?.method === 'PATCH') return Response.json({ data: served(5, ['title', 'favicon']) });
      const page = Number(url.searchParams.get('page') ?? 1);
      const ids = Array.from({ length: 150 }, (_, index) => 150 - index).slice((page - 1) * 100, page * 100);
      return Response.json({
        data: ids.map((id) => served(id, ['meta_description'])),
        meta: { current_page: page, last_page: 2, per_page: 100, total: 150 },
      });
    };
    return { fetch: fetch as typeof globalThis.fetch, asked, release };
  }

  beforeEach(() => {
    vi.useRealTimers();
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  });

  it('reads on the connection it started on while another becomes active; the store and the history note each report', async () => {
    const net = network();
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers } = createBackground({ client: { fetch: net.fetch } });
    expect(await handlers['site.read']({ connection: { id: A.id, account: A.id }, name: PROJECT })).toEqual({
      ok: true,
      data: null,
    });
    await expect.poll(() => net.asked[A.baseUrl]?.length).toBe(1);
    expect((await handlers['connections.switch']({ id: B.id })).ok).toBe(true);
    net.release();

    await expect.poll(async () => (await view())?.read, { timeout: 5000 }).toEqual({ phase: 'done' });
    expect(net.asked[B.baseUrl]).toBeUndefined();
    expect(net.asked[A.baseUrl]!.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect((await view())?.summary).toMatchObject({
      pages: 150,
      tests: [{ key: 'meta_description', pages: 150 }],
    });
    // What pages watch on B: nothing of A's.
    expect(await fakeBrowser.storage.session.get(`b:${siteViewName(PROJECT)}`)).toEqual({});
    // Every report read reached A's store and history.
    const { 'a:store': catalog } = await fakeBrowser.storage.session.get('a:store');
    expect(Object.keys((catalog as { seen: object }).seen)).toHaveLength(150);
    expect(Object.keys(await readHistory(A.id).index())).toHaveLength(150);

    // A message naming B goes to B's reads.
    await handlers['site.read']({ connection: { id: B.id, account: B.id }, name: PROJECT });
    await expect.poll(() => net.asked[B.baseUrl]?.length, { timeout: 5000 }).toBe(2);
  });

  it('a read a stopped worker left under way goes on when a worker starts again, on its connection', async () => {
    const net = network();
    net.release();
    await writeConnections({ active: A.id, list: [A] });
    // The worker that stopped: its page 2 never came back.
    const fake = service(150);
    const worker = new AbortController();
    const stopped = createSiteReads(
      A.id,
      { listReports: (query) => (query.page === 1 ? fake.list(query) : new Promise(() => {})) },
      worker.signal,
    );
    await stopped.handlers['site.read']({ name: PROJECT });
    await expect.poll(async () => (await view())?.read).toMatchObject({ read: 100 });
    const alarm = await fakeBrowser.alarms.get(workAlarm('site', A.id, PROJECT));
    expect(alarm).toBeDefined();
    worker.abort();

    // The next worker goes on from page 2, and the read's alarm goes once it is done.
    createBackground({ client: { fetch: net.fetch } });
    await expect.poll(async () => (await view())?.read, { timeout: 5000 }).toEqual({ phase: 'done' });
    expect(net.asked[A.baseUrl]!.map((url) => url.searchParams.get('page'))).toEqual(['2']);
    expect((await view())?.summary).toMatchObject({ pages: 150 });
    await expect.poll(() => fakeBrowser.alarms.get(alarm!.name)).toBeUndefined();

    // An alarm left with nothing to read (its read ended elsewhere) goes too.
    await fakeBrowser.alarms.create(alarm!.name, { periodInMinutes: 0.5 });
    await fakeBrowser.alarms.onAlarm.trigger(alarm!);
    await expect.poll(() => fakeBrowser.alarms.get(alarm!.name)).toBeUndefined();
    expect(net.asked[A.baseUrl]).toHaveLength(1);
  });

  it('a regeneration answered on the connection updates its kept project’s ranking', async () => {
    const net = network();
    net.release();
    await writeConnections({ active: A.id, list: [A] });
    const { handlers } = createBackground({ client: { fetch: net.fetch } });
    await handlers['site.read']({ connection: { id: A.id, account: A.id }, name: PROJECT });
    await expect.poll(async () => (await view())?.read, { timeout: 5000 }).toEqual({ phase: 'done' });
    expect(
      (await handlers['reports.update']({ connection: { id: A.id, account: A.id }, id: 5, regenerate: true }))
        .ok,
    ).toBe(true);
    await expect.poll(testsOf, { timeout: 5000 }).toEqual([
      ['meta_description', 149],
      ['title', 1],
      ['favicon', 1],
    ]);
    expect(
      await handlers['site.pages']({
        connection: { id: A.id, account: A.id },
        name: PROJECT,
        test: 'favicon',
      }),
    ).toEqual({
      ok: true,
      data: [expect.objectContaining({ id: 5, url: 'site.example/page-5', score: 60 })],
    });
  });
});

// @vitest-environment node
// What a site view of the demo data shows (reference-api/site-flaws.ts): in both dialects one project
// whose pages nearly all fail the same test and others with a mix; and the control that decides what
// the next analyses of an address find, so a test can make a regeneration fix a test for sure.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  scoreOf,
  Store,
  type ApiMdReport,
  type PhpRankReport,
  type ReferenceApi,
} from '../../../reference-api/index';
import { call, manualClock, start } from './harness';

/** Per project: how many reports, and how many fail each test. */
function spreads(reports: { project: string | null; failed: string[] }[]) {
  const projects = new Map<string, { pages: number; failing: Map<string, number> }>();
  for (const { project, failed } of reports) {
    if (project === null) continue;
    const entry = projects.get(project) ?? { pages: 0, failing: new Map<string, number>() };
    entry.pages++;
    for (const name of failed) entry.failing.set(name, (entry.failing.get(name) ?? 0) + 1);
    projects.set(project, entry);
  }
  return projects;
}

/** The share of pages that fail the project's most failed test. */
function topShare(entry: { pages: number; failing: Map<string, number> }): number {
  return Math.max(0, ...entry.failing.values()) / entry.pages;
}

function phpRankSpreads() {
  const store = new Store({ dialect: 'phprank', seed: true, now: manualClock().now });
  const reports = store.reports() as PhpRankReport[];
  return spreads(
    reports.map((report) => ({
      project: report.project,
      failed: Object.keys(report.results).filter((name) => !report.results[name]!.passed),
    })),
  );
}

function apiMdSpreads() {
  const store = new Store({ dialect: 'api-md', seed: true, now: manualClock().now });
  store.finishPending();
  const reports = store.reports() as ApiMdReport[];
  return spreads(
    reports.map((report) => ({
      project: report.project,
      failed: Object.entries(report.results?.checks ?? {})
        .filter(([, check]) => !check.passed)
        .map(([name]) => name),
    })),
  );
}

describe('the demo data’s spreads', () => {
  it('phprank: example.com misses its meta description on every page but the home page', () => {
    const store = new Store({ dialect: 'phprank', seed: true, now: manualClock().now });
    const pages = (store.reports() as PhpRankReport[]).filter((report) => report.project === 'example.com');
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const page of pages) {
      const home = page.url === 'example.com';
      expect(page.results.meta_description!.passed, page.url).toBe(home);
      if (!home) expect(Object.keys(page.results.meta_description!.errors ?? {})).not.toEqual([]);
      // The score counts it like any other failed test.
      expect(page.result).toBe(Math.round(scoreOf(page.results)));
    }
    const docs = phpRankSpreads().get('docs.example.net')!;
    expect(docs.failing.get('page_size')! / docs.pages).toBeGreaterThan(0.8);
    expect(docs.failing.get('http_requests')! / docs.pages).toBeGreaterThan(0.8);
  });

  it('phprank: most projects have a mix, where no test fails on three pages in four', () => {
    const projects = [...phpRankSpreads().entries()].filter(([, entry]) => entry.pages >= 6);
    const skewed = projects.filter(([, entry]) => topShare(entry) > 0.85).map(([name]) => name);
    // The two flawed sites, and the http ones (their every page fails https_encryption).
    expect(skewed).toEqual(
      expect.arrayContaining(['example.com', 'docs.example.net', 'cpp.example', 'localhost']),
    );
    const mixed = projects.filter(([, entry]) => topShare(entry) < 0.75);
    expect(mixed.length).toBeGreaterThanOrEqual(3);
  });

  it('api-md: example.com misses its meta description on nearly every page, other projects are mixed', () => {
    const projects = apiMdSpreads();
    const example = projects.get('example.com')!;
    expect(example.pages).toBeGreaterThanOrEqual(12);
    expect(example.failing.get('meta_description')! / example.pages).toBeGreaterThan(0.85);
    expect(topShare(projects.get('Docs & Guides')!)).toBeGreaterThan(0.9);
    const mixed = [...projects.values()].filter((entry) => entry.pages >= 6 && topShare(entry) < 0.75);
    expect(mixed.length).toBeGreaterThanOrEqual(3);
  });

  it('is the same on every start', () => {
    expect(phpRankSpreads()).toEqual(phpRankSpreads());
    expect(apiMdSpreads()).toEqual(apiMdSpreads());
  });

  it('phprank: a new report of the flawed site has the flaw too', () => {
    const store = new Store({ dialect: 'phprank', seed: false });
    for (const path of ['new-page', 'blog/post?id=3', 'a/b/c']) {
      const page = store.create({ url: `https://www.example.com/${path}`, privacy: 0 }) as PhpRankReport;
      expect(page.results.meta_description?.passed).toBe(false);
    }
  });
});

describe('setPageOutcome: what every later analysis of an address finds', () => {
  let api: ReferenceApi;
  const clock = manualClock();
  beforeEach(async () => {
    api = await start({ now: clock.now });
  });
  afterEach(() => api.close());

  const regenerate = (id: number) =>
    call<{ data: PhpRankReport }>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { results: '1' } });
  const control = (body: unknown) =>
    fetch(`${api.url}/__control/set-page-outcome`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a regeneration fixes the test it names, and the score counts it', async () => {
    const report = api.store.create({ url: 'https://www.example.com/pricing', privacy: 0 }) as PhpRankReport;
    expect(report.results.meta_description?.passed).toBe(false);
    // Matched as the report's url, whichever way the address is written.
    api.controls.setPageOutcome('example.com/pricing', { meta_description: true });
    for (let round = 0; round < 3; round++) {
      const { body } = await regenerate(report.id);
      expect(body.data.results.meta_description).toMatchObject({ passed: true, importance: 'high' });
      expect(body.data.results.meta_description).not.toHaveProperty('errors');
      expect(body.data.result).toBe(scoreOf(body.data.results));
    }
  });

  it('fails a test too, on a create, with the errors its check gives; null forgets it', async () => {
    api.controls.setPageOutcome('https://b.example/a', { title: false, favicon: false });
    const decided = api.store.create({ url: 'https://b.example/a', privacy: 0 }) as PhpRankReport;
    expect(decided.results.title?.passed).toBe(false);
    expect(Object.keys(decided.results.title?.errors ?? {}).length).toBeGreaterThan(0);
    expect(decided.results.favicon).toEqual({
      passed: false,
      importance: 'medium',
      value: null,
      errors: { missing: null },
    });

    api.controls.setPageOutcome('https://b.example/a', null);
    const again = new Store({ dialect: 'phprank', seed: false, now: clock.now });
    again.create({ url: 'https://b.example/a', privacy: 0 });
    // Report 2 of the api is compared with report 2 of an untouched store: the same page, nothing decided.
    expect(api.store.create({ url: 'https://b.example/a', privacy: 0 })).toEqual(
      again.create({ url: 'https://b.example/a', privacy: 0 }),
    );
  });

  it('leaves a test the address decides as it is (no mixed content on an http page)', () => {
    api.controls.setPageOutcome('http://plain.example/', { mixed_content: false, https_encryption: true });
    const report = api.store.create({ url: 'http://plain.example/', privacy: 0 }) as PhpRankReport;
    expect(report.results.mixed_content?.passed).toBe(true);
    expect(report.results.https_encryption?.passed).toBe(false);
  });

  it('over HTTP: POST /__control/set-page-outcome {address, passed}; reset() forgets every one', async () => {
    const report = api.store.create({ url: 'https://www.example.com/about', privacy: 0 }) as PhpRankReport;
    expect(
      (await control({ address: 'https://www.example.com/about', passed: { meta_description: true } }))
        .status,
    ).toBe(200);
    expect((await regenerate(report.id)).body.data.results.meta_description?.passed).toBe(true);
    expect(
      (await control({ address: 'example.com/about', passed: { meta_description: 'yes' } })).status,
    ).toBe(400);
    expect((await control({ passed: null })).status).toBe(400);

    api.controls.setPageOutcome('example.com/about', { meta_description: false });
    api.controls.reset();
    expect(api.store.settings.pageOutcomeOf('example.com/about')).toEqual({});
  });
});

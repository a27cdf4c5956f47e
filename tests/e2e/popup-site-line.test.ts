// The popup's line about this page's site, against the reference API in phpRank's dialect: the background
// reads the report's project (the demo data's 127.0.0.1, plus this page), the popup says what it found and
// links to the project's page in the options.
import { describe, expect, it } from 'vitest';
import type { PhpRankReport } from '../../reference-api/index';
import { useExtension, useReferenceApi, useTestServer } from './harness';
import { checkBothSchemes, configure, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

/** The project's reports as the service has them, and how many fail its most failed test. */
function projectFacts(project: string) {
  const reports = (api().store.reports() as PhpRankReport[]).filter((report) => report.project === project);
  const failing = new Map<string, number>();
  for (const report of reports) {
    for (const [key, test] of Object.entries(report.results)) {
      if (!test.passed) failing.set(key, (failing.get(key) ?? 0) + 1);
    }
  }
  return { pages: reports.length, top: Math.max(...failing.values()) };
}

describe('popup: this page’s site', () => {
  it('says how many pages the site has and how many fail its top test, and links to the project’s page', async () => {
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?site-line`;
    const created = api().store.create({ url, privacy: 0 });
    expect(created.project).toBe('127.0.0.1');
    const { pages, top } = projectFacts('127.0.0.1');
    // The demo data has this project's other pages (127.0.0.1:8080).
    expect(pages).toBeGreaterThan(5);

    const tab = await openWebPage(extension(), url);
    const popup = await extension().openActionPopup(tab);
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor();
    const line = popup.getByRole('link', { name: /^This site:/ });
    await line.waitFor({ timeout: 15_000 });
    expect(await line.innerText()).toMatch(new RegExp(`^This site: ${pages} pages · ${top} with “[^”]+”$`));
    // The background read the project, 100 reports a page.
    const reads = api().requests.filter(
      (request) => request.path === '/api/v1/reports' && request.query.project === '127.0.0.1',
    );
    expect(reads.map((request) => [request.query.per_page, request.status])).toContainEqual(['100', 200]);
    expect((await checkBothSchemes(popup, 'site-line')).violations).toEqual([]);

    const projectRoute = extension().extensionUrl('options.html#/projects/127.0.0.1');
    expect(await line.getAttribute('href')).toBe(projectRoute);
    // The address a page opened with, before its own script may write its route into it.
    await extension().context.addInitScript(() => {
      (window as unknown as { openedAt?: string }).openedAt = location.href;
    });
    const opened = extension().context.waitForEvent('page');
    // The new tab takes the focus, and Chrome closes the popup, maybe before the click is done.
    await line.click().catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
    const options = await opened;
    await options.waitForLoadState('domcontentloaded');
    expect(await options.evaluate(() => (window as unknown as { openedAt?: string }).openedAt)).toBe(
      projectRoute,
    );
    await options.getByRole('heading', { level: 2, name: '127.0.0.1' }).waitFor();
  });
});

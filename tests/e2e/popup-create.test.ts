// Through the real action popup: create reports with each privacy, recognise an existing one,
// follow generation, and paint from the background's cache.
import { describe, expect, it } from 'vitest';
import { useExtension, useReferenceApi, useTestServer, type WithChrome } from './harness';
import { checkBothSchemes, configure, creations, openWebPage } from './popup-helpers';
import { cleanUrl } from '../../reference-api/phprank/address';

const extension = useExtension();
// Generation takes 1.5 s: long enough to see "Generating…", short enough to wait for.
// The API.md dialect (words in `result`, pending generation); phprank.test.ts runs phpRank's.
const api = useReferenceApi({ dialect: 'api-md', seed: false, generationDelayMs: 1500 });
const web = useTestServer();

const RESULT = /^(Good|Decent|Bad)$/;

async function openPopupOnArticle(path = '/article') {
  const article = await openWebPage(extension(), `${web().url}${path}`);
  const popup = await extension().openActionPopup(article);
  return { article, popup, url: `${web().url}${path}` };
}

describe('popup: create a report', () => {
  it('Public: focus starts on "Create report", Enter sends one request without a password, then the result comes', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await openPopupOnArticle();

    const create = popup.getByRole('button', { name: 'Create report' });
    await expect.poll(() => create.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await popup.getByRole('combobox', { name: 'Privacy' }).inputValue()).toBe('0');
    await popup.getByTitle(url).waitFor();
    await expect.poll(() => popup.getByText('This page has no report yet.').count()).toBe(1);
    // No reports at all: the recent list is there, empty, with the hint beside it.
    await popup.getByText('No reports yet.').waitFor();
    const recentList = popup.getByRole('list', { name: 'Recent reports' });
    expect(await recentList.count()).toBe(1);
    expect(await recentList.getByRole('listitem').count()).toBe(0);
    const empty = await checkBothSchemes(popup, 'no-reports');
    expect(empty.violations).toEqual([]);

    await expect.poll(() => create.evaluate((button) => button === document.activeElement)).toBe(true);
    await popup.keyboard.press('Enter');
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText('Generating…').waitFor();
    expect(creations(api()).map((request) => request.body)).toEqual([{ url, privacy: '0' }]);
    // Holds the background follower's next read of the report, so "Generating…" is what axe sees.
    api().controls.setLatency(5000);
    const generating = await checkBothSchemes(popup, 'generating');
    expect(generating.violations).toEqual([]);
    expect(await card.getByText('Generating…').count()).toBe(1);
    api().controls.setLatency(0);

    await card.getByText(RESULT).waitFor({ timeout: 15_000 });
    expect(await card.getByText('Public').count()).toBe(1);
    expect(creations(api())).toHaveLength(1);
    // The new report heads the recent list.
    const recent = popup.getByRole('list', { name: 'Recent reports' });
    await expect.poll(() => recent.getByRole('listitem').count()).toBe(1);
  });

  it('Private: sends privacy 1 and no password, even one typed before switching', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await openPopupOnArticle('/article?private');

    const privacy = popup.getByRole('combobox', { name: 'Privacy' });
    await privacy.selectOption({ label: 'Password' });
    await popup.getByLabel('Password', { exact: true }).fill('typed-then-abandoned');
    await privacy.selectOption({ label: 'Private' });
    expect(await popup.getByLabel('Password', { exact: true }).count()).toBe(0);
    await popup.getByRole('button', { name: 'Create report' }).click();

    await popup.getByRole('article', { name: 'Report for this page' }).getByText('Private').waitFor();
    expect(creations(api()).map((request) => request.body)).toEqual([{ url, privacy: '1' }]);
  });

  it('Password: sends privacy 2 with the password, which is kept nowhere in the extension', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await openPopupOnArticle('/article?password');

    await popup.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Password' });
    const password = popup.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await password.fill('e2e-s3cret');
    await popup.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await password.press('Enter');

    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText('Password').waitFor();
    expect(creations(api()).map((request) => request.body)).toEqual([
      { url, privacy: '2', password: 'e2e-s3cret' },
    ]);
    const created = api().store.reports().at(-1)!;
    expect(api().store.passwordMatches(created.id, 'e2e-s3cret')).toBe(true);
    expect(await password.inputValue()).toBe('');

    const stored = JSON.stringify([
      await extension().getStorage('local'),
      await extension().getStorage('session'),
    ]);
    expect(stored).not.toContain('e2e-s3cret');
    // The next popup starts from this choice.
    await extension().closeActionPopup();
    const { popup: again } = await openPopupOnArticle('/article?password');
    await expect.poll(() => again.getByRole('combobox', { name: 'Privacy' }).inputValue()).toBe('2');
  });

  it('remembers the privacy as soon as it is chosen: the next popup starts there, nothing created', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { article, popup } = await openPopupOnArticle('/article?remember');
    await popup.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Private' });
    await expect.poll(async () => (await extension().getStorage('local', 'lastPrivacy')).lastPrivacy).toBe(1);
    await extension().closeActionPopup();

    const again = await extension().openActionPopup(article);
    await again.getByRole('button', { name: 'Create report' }).waitFor();
    await expect.poll(() => again.getByRole('combobox', { name: 'Privacy' }).inputValue()).toBe('1');
    expect(creations(api())).toEqual([]);
  });

  it('a double click creates one report', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    api().controls.setLatency(500);
    const { popup } = await openPopupOnArticle('/article?double');
    await popup.getByRole('button', { name: 'Create report' }).dblclick();
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor();
    expect(creations(api())).toHaveLength(1);
  });
});

describe('popup: this page’s report', () => {
  it('recognises an existing report and regenerates it: "Generating…" turns into a result', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?existing`;
    api().store.create({ url: `${url}&other`, privacy: 0 });
    const existing = api().store.create({ url, privacy: 1 });
    api().store.finishPending();

    const { popup } = await openPopupOnArticle('/article?existing');
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText(RESULT).waitFor();
    expect(await card.getByText('Private').count()).toBe(1);
    // Searched as the service stores addresses: no scheme (entrypoints/background/page-address).
    const search = api().requests.find((request) => request.query.search === url.replace('http://', ''));
    expect(search?.query).toMatchObject({ search_by: 'url', sort_by: 'id', sort: 'desc' });

    await card.getByRole('button', { name: 'Regenerate' }).click();
    await card.getByText('Generating…').waitFor();
    const update = api().requests.find((request) => request.method === 'PUT' || request.method === 'PATCH');
    expect(update?.path).toBe(`/api/v1/reports/${existing.id}`);
    expect(update?.body).toEqual({ results: '1' });
    await card.getByText(RESULT).waitFor({ timeout: 15_000 });

    // Details opens the options page on that report.
    const opened = extension().context.waitForEvent('page');
    await card.getByRole('button', { name: 'Details' }).click();
    const options = await opened;
    // The options page soon writes its whole view into the address (sort, page size): either form is right.
    expect(options.url()).toMatch(
      new RegExp(`^${extension().extensionUrl('options.html')}#/reports\\?(?:.*&)?details=${existing.id}$`),
    );
  });

  it('paints the cached report at once when the service is slow, then refreshes', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    api().store.create({ url: `${web().url}/article?cached`, privacy: 0 });
    api().store.finishPending();
    const first = await openPopupOnArticle('/article?cached');
    await first.popup.getByRole('article', { name: 'Report for this page' }).getByText(RESULT).waitFor();
    await extension().closeActionPopup();

    api().controls.setLatency(4000);
    const { popup } = await openPopupOnArticle('/article?cached');
    const card = popup.getByRole('article', { name: 'Report for this page' });
    // Well before the 4 s answer: the cached copy, marked as such.
    await card.getByText(RESULT).waitFor({ timeout: 2000 });
    await popup
      .getByText(/Updated just now · checking for changes…/)
      .first()
      .waitFor({ timeout: 2000 });
    await expect.poll(() => popup.getByText(/checking for changes/).count(), { timeout: 10_000 }).toBe(0);
  });

  it('the background finishes following a report after the popup closed and its worker restarted', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { article, popup, url } = await openPopupOnArticle('/article?closed');
    await popup.getByRole('button', { name: 'Create report' }).click();
    await popup.getByText('Generating…').first().waitFor();
    // The follower's reads are held by the service: the one on its way dies with the worker below.
    api().controls.setLatency(5000);
    await extension().closeActionPopup();
    // A fresh worker instance: whatever lived only in memory (its timer, its read) is gone.
    await extension().restartServiceWorker();

    type FollowJob = { items: { id: number; follow: string }[] };
    const followed = async () =>
      (await extension().getConnectionItem<FollowJob>('session', 'followedReports'))?.items ?? [];
    expect((await followed()).map((entry) => entry.follow)).toEqual(['generating']);
    // The active connection's follower has its own alarm.
    const alarms = await extension().serviceWorker.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.alarms.getAll(),
    );
    const alarm = alarms.find((each) => each.name.startsWith('page-reports:generation:'));
    expect(alarm?.periodInMinutes).toBe(0.5);

    // The new worker picks the following up from storage at once; then the store holds the result and
    // the alarm is gone.
    await expect
      .poll(
        async () => {
          // The report store (lib/report-store.ts): the page's entry, by its address as phpRank cleans it, names the kept copy.
          const kept = await extension().getConnectionItem<{ pages: Record<string, { id: string | null }> }>(
            'session',
            'store',
          );
          const id = kept?.pages[cleanUrl(url)]?.id;
          const copy = id
            ? await extension().getConnectionItem<{ result: string | null }>('session', `report:${id}`)
            : null;
          return copy?.result ?? null;
        },
        { timeout: 50_000, interval: 1000 },
      )
      .toMatch(/^(good|decent|bad)$/);
    // The store and the follower each note the scored copy: the follower may come second.
    await expect.poll(async () => (await followed()).map((entry) => entry.follow)).toEqual(['scored']);
    // The job ends once it has noted the score, and its alarm goes after that.
    const generationAlarms = async () =>
      (
        await extension().serviceWorker.evaluate(() =>
          (globalThis as unknown as WithChrome).chrome.alarms.getAll(),
        )
      )
        .map((each) => each.name)
        .filter((name) => name.startsWith('page-reports:generation:'));
    await expect.poll(generationAlarms).toEqual([]);

    // Opened again, the popup shows the result the background found, not "Generating…". The service is
    // slowed down so that what shows first is the background's copy, not a fresh lookup.
    api().controls.setLatency(4000);
    const again = await extension().openActionPopup(article);
    const card = again.getByRole('article', { name: 'Report for this page' });
    await card.getByText(RESULT).waitFor({ timeout: 2000 });
    expect(await again.getByText('Generating…').count()).toBe(0);
    expect(await card.getByText('Not yet').count()).toBe(0);
    api().controls.setLatency(0);
  }, 90_000);
});

describe('popup: a create that may have happened', () => {
  it('answered 502 after the service made it: no Retry, the popup looks and shows the report', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await openPopupOnArticle('/article?bad-gateway');
    // The popup's own lookups first, or they would take the forced answer.
    await popup.getByText('This page has no report yet.').waitFor();
    await popup.getByText('No reports yet.').waitFor();
    // The service makes the report, then a proxy answers 502 (nothing else asked meanwhile).
    api().controls.forceStatus(502, 1, '<html><body><h1>502 Bad Gateway</h1></body></html>', undefined, {
      method: 'POST',
    });
    const made = api().store.create({ url, privacy: 0 });

    await popup.getByRole('button', { name: 'Create report' }).click();
    const alert = popup.getByRole('alert');
    await alert.getByText(/may have created the report before it failed \(HTTP 502\)/).waitFor();
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await popup.getByText('Page Reports looked for it: the service has it, shown above.').waitFor();
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor();
    expect(await popup.getByRole('button', { name: /Retry|Look for the report again/ }).count()).toBe(0);
    // One POST, answered 502; the report shown is the one the service holds, and the only one.
    expect(creations(api()).map((request) => request.status)).toEqual([502]);
    expect(
      api()
        .store.reports()
        .map((report) => report.id),
    ).toEqual([made.id]);
    const shot = await checkBothSchemes(popup, 'create-maybe-found');
    expect(shot.violations).toEqual([]);
  });

  it('the connection dropped: no Retry, the popup looks, says none was made, and looks again on request', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await openPopupOnArticle('/article?dropped');
    await popup.getByText('This page has no report yet.').waitFor();
    await popup.getByText('No reports yet.').waitFor();
    // Chromium resends a POST on its own when the socket it used was pooled (even one never used), which
    // the extension cannot see or stop: so every POST of this moment is dropped, and what the extension
    // itself sent is counted where it sends it.
    api().controls.dropNext(5, { method: 'POST' });
    extension().allowConsoleErrors('net::ERR_EMPTY_RESPONSE');
    const worker = await extension().getServiceWorker();
    await worker.evaluate(() => {
      const scope = globalThis as unknown as { fetch: typeof fetch; createsSent?: number };
      const send = scope.fetch;
      scope.createsSent = 0;
      scope.fetch = (input, init) => {
        if (scope.createsSent === undefined) return send(input, init);
        if (init?.method === 'POST' && String(input).endsWith('/api/v1/reports')) scope.createsSent! += 1;
        return send(input, init);
      };
    });

    await popup.getByRole('button', { name: 'Create report' }).click();
    const alert = popup.getByRole('alert');
    await alert.getByText(/The connection to the service was lost before it answered/).waitFor();
    api().controls.dropNext(0);
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await popup.getByText(/Page Reports looked for it: none was made/).waitFor();
    expect(await popup.getByText('This page has no report yet.').count()).toBe(1);
    const shot = await checkBothSchemes(popup, 'create-maybe-none');
    expect(shot.violations).toEqual([]);
    // The extension sent one POST; every one that reached the service was dropped, so it holds nothing.
    expect(await worker.evaluate(() => (globalThis as { createsSent?: number }).createsSent)).toBe(1);
    expect(creations(api()).length).toBeGreaterThan(0);
    expect(creations(api()).every((request) => request.status === undefined)).toBe(true);
    expect(api().store.reports()).toEqual([]);
    const postsSeen = creations(api()).length;

    // The service finishes it late (as a slow server would): looking again finds it.
    api().store.create({ url, privacy: 0 });
    await popup.getByRole('button', { name: 'Look for the report again' }).click();
    await popup.getByText('Page Reports looked for it: the service has it, shown above.').waitFor();
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor();
    expect(creations(api())).toHaveLength(postsSeen);
    await worker.evaluate(() => delete (globalThis as { createsSent?: number }).createsSent);
  });
});

// The real toolbar popup in Firefox, opened over a web page (browserAction.openPopup, which Firefox allows
// without a click on the button): it reads that tab's address, creates a report with the privacy chosen, and
// shows the report the page already has. Against the reference API speaking phpRank.
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi, useTestServer } from '../e2e/support/fixtures';
import { useFirefox } from './support/fixtures';

const firefox = useFirefox();
const api = useReferenceApi({ analysisDelayMs: 800 });
const web = useTestServer();

const SCORED = /^(Good|Decent|Bad) · \d{1,3}$/;
const CARD = { role: 'article', name: 'Report for this page' } as const;
/** The address as phpRank stores it: no scheme. */
const stored = (url: string) => url.replace(/^https?:\/\//, '');

const creations = () =>
  api().requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/reports');

async function openPopupOn(path: string) {
  const url = `${web().url}${path}`;
  const tab = await firefox().openWebPage(url);
  const popup = await firefox().openPopup(tab);
  return { popup, url };
}

beforeEach(async () => {
  api().store.reset(false);
  await firefox().clearStorage('session');
  await firefox().clearStorage('local');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

describe('the popup in Firefox', () => {
  it('creates a Private report for the tab it was opened over, which reaches the service with privacy 1', async () => {
    const { popup, url } = await openPopupOn('/article?create');
    // The address shown is the web page's, not the popup's own: it was read from the active tab.
    await popup.waitFor({ text: url });
    await popup.waitFor({ text: 'This page has no report yet.' });
    await popup.select({ role: 'combobox', name: 'Privacy' }, 'Private');
    await popup.click({ role: 'button', name: 'Create report' });
    await popup.waitFor({ text: 'Analysing the page…' });

    await popup.waitFor({ text: SCORED, within: CARD }, 20_000);
    expect(creations().map((request) => request.body)).toEqual([{ url, privacy: '1' }]);
    const [report] = api().store.reports();
    expect(report).toMatchObject({ url: stored(url), privacy: 1 });
    expect(await popup.count({ text: 'Private', within: CARD })).toBe(1);
  });

  it('shows the report this page already has, found under the address the service stored', async () => {
    const url = `${web().url}/article?existing`;
    api().store.create({ url: `${url}&other`, privacy: 0 });
    const existing = api().store.create({ url, privacy: 2, password: 'kept-on-the-service' });

    const { popup } = await openPopupOn('/article?existing');
    await popup.waitFor({ text: SCORED, within: CARD });
    const score = Math.round(Number(existing.result));
    expect(await popup.text({ text: SCORED, within: CARD })).toMatch(new RegExp(` · ${score}$`));
    // Firefox's sidebar is offered. Opening it needs a click a person makes: this popup is driven through
    // its window (no input reaches it), so the open itself is tested in Chromium (e2e/sidepanel-open).
    expect(await popup.count({ role: 'button', name: 'Open in side panel' })).toBe(1);
    expect(await popup.count({ text: 'Password', within: CARD })).toBe(1);
    expect(await popup.count({ role: 'link', name: 'Open on the service', within: CARD })).toBe(1);
    // Looked up once, by the address without its scheme; nothing created.
    const searches = api().requests.filter((request) => request.query.search === stored(url));
    expect(searches.length).toBeGreaterThan(0);
    expect(creations()).toEqual([]);
    expect(await popup.count({ text: 'This page has no report yet.' })).toBe(0);
  });
});

describe('the popup in Firefox: no accidental second report', () => {
  it('after a create, Enter on the focused button asks first (focus on Cancel), and Enter there makes nothing', async () => {
    const { popup, url } = await openPopupOn('/article?enter-twice');
    await popup.waitFor({ text: 'This page has no report yet.' });
    await expect.poll(() => popup.focused()).toBe('Create report');
    expect(await popup.pressEnter()).toBe('Create report');
    await popup.waitFor({ text: SCORED, within: CARD }, 20_000);

    expect(await popup.pressEnter()).toBe('Create report');
    await popup.waitFor({ role: 'dialog', name: 'This page already has a report' });
    await expect.poll(() => popup.focused()).toBe('Cancel');
    expect(await popup.pressEnter()).toBe('Cancel');
    await expect.poll(() => popup.count({ role: 'dialog' })).toBe(0);
    expect(creations().map((request) => request.body)).toEqual([{ url, privacy: '0' }]);
    expect(api().store.reports()).toHaveLength(1);
  });
});

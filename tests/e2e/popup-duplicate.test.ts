// phpRank makes a new report on every create: through the real popup, a second report for a page is made
// only when asked for on purpose, and a failed lookup's error reads as a sentence, its detail put away.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_REJECTED, NETWORK_ERRORS, SERVER_PROBLEM } from './faults-helpers';
import { screenshot, useExtension, useReferenceApi, useTestServer } from './harness';
import { checkBothSchemes, configure, creations, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

// A test that fails midway must not leave its forced errors to the next.
afterEach(() => api().controls.reset());

const SCORED = /^(Good|Decent|Bad) · \d{1,3}$/;
const GETS = { method: 'GET' } as const;

async function popupOver(path: string) {
  const url = `${web().url}${path}`;
  const tab = await openWebPage(extension(), url);
  const popup = await extension().openActionPopup(tab);
  return { tab, popup, url };
}

const focusedText = (popup: Page) =>
  popup.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');

describe('popup: no accidental second report', () => {
  it('create, then Enter again: the popup asks with focus on Cancel, Enter cancels, the service holds one report', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const { popup, url } = await popupOver('/article?enter-twice');
    const create = popup.getByRole('button', { name: 'Create report' });
    await popup.getByText('This page has no report yet.').waitFor();
    await expect.poll(() => focusedText(popup)).toBe('Create report');

    await popup.keyboard.press('Enter');
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.getByText(SCORED).waitFor({ timeout: 15_000 });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await screenshot(popup, 'popup-after-create');

    await popup.keyboard.press('Enter');
    const asked = popup.getByRole('dialog', { name: 'This page already has a report' });
    await asked.waitFor();
    await expect.poll(() => focusedText(popup)).toBe('Cancel');
    const shot = await checkBothSchemes(popup, 'create-another-asked');
    expect(shot.violations).toEqual([]);
    await screenshot(popup, 'popup-create-another-asked');

    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByRole('dialog').count()).toBe(0);
    expect(creations(api()).map((request) => request.body)).toEqual([{ url, privacy: '0' }]);
    expect(api().store.reports()).toHaveLength(1);
  });

  it('the key rejected on a page with a report: Create says it may have one and sends nothing until "Create it anyway"', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?key-rejected`;
    api().store.create({ url, privacy: 0 });
    // Every read is refused as a rejected key is; a create would still reach the service (and be logged).
    api().controls.forceStatus(401, 100, undefined, undefined, GETS);
    const { popup } = await popupOver('/article?key-rejected');
    const alert = popup.getByRole('alert');
    await alert.getByText(KEY_REJECTED).waitFor({ timeout: 15_000 });
    // The service's own "Unauthenticated." waits behind the disclosure.
    expect(await alert.innerText()).not.toContain('Unauthenticated.');
    await alert.getByText('Technical details').click();
    await alert.getByText('Unauthenticated.').waitFor();

    await popup.getByRole('button', { name: 'Create report' }).click();
    const asked = popup.getByRole('dialog', { name: 'This page may already have a report' });
    await asked.waitFor();
    await expect.poll(() => focusedText(popup)).toBe('Cancel');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => popup.getByRole('dialog').count()).toBe(0);
    expect(creations(api())).toEqual([]);

    await popup.getByRole('button', { name: 'Create report' }).click();
    await asked.getByRole('button', { name: 'Create it anyway' }).click();
    await expect.poll(() => creations(api()).length).toBe(1);
  });

  it('the service down on a page with a report it showed before: the kept report, Regenerate, and a question before a create', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    extension().allowConsoleErrors(NETWORK_ERRORS);
    api().store.create({ url: `${web().url}/article?offline`, privacy: 0 });
    const first = await popupOver('/article?offline');
    await first.popup.getByRole('article', { name: 'Report for this page' }).getByText(SCORED).waitFor();
    await extension().closeActionPopup();

    api().controls.forceStatus(503, 100, undefined, undefined, GETS);
    const popup = await extension().openActionPopup(first.tab);
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await popup.getByRole('alert').getByText(SERVER_PROBLEM).waitFor({ timeout: 20_000 });
    await card.getByText(SCORED).waitFor();
    await expect.poll(() => focusedText(popup)).toBe('Regenerate');
    const offline = await checkBothSchemes(popup, 'offline-with-report');
    expect(offline.violations).toEqual([]);
    await screenshot(popup, 'popup-offline');

    await popup.getByRole('button', { name: 'Create report' }).click();
    const asked = popup.getByRole('dialog', { name: 'This page already has a report' });
    await asked.waitFor();
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByRole('dialog').count()).toBe(0);
    expect(creations(api())).toEqual([]);
  });
});

describe('popup: an address with tracking parameters', () => {
  it('offers the page without them, and taken, finds the clean page’s report', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const clean = `${web().url}/article-tracked?id=3`;
    api().store.create({ url: clean, privacy: 0 });
    const { popup } = await popupOver('/article-tracked?id=3&utm_source=news&gclid=abc');
    await popup.getByText('This page has no report yet.').waitFor();
    await popup
      .getByText('This address has tracking parameters (utm_source, gclid)', { exact: false })
      .waitFor();
    const shot = await checkBothSchemes(popup, 'tracking-offer');
    expect(shot.violations).toEqual([]);
    await screenshot(popup, 'popup-tracking-offer');

    await popup.getByRole('button', { name: 'Use the address without them' }).click();
    const card = popup.getByRole('article', { name: 'Report for this page' });
    await card.waitFor();
    await popup.getByText(clean, { exact: true }).waitFor();
    expect(await popup.getByRole('button', { name: 'Use the address without them' }).count()).toBe(0);
    expect(creations(api())).toEqual([]);
  });
});

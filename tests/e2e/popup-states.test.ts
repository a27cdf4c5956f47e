// The popup's other states through the real action popup: a non-web tab, no key, the API down, errors;
// each checked with axe-core and photographed in light and dark.
import { describe, expect, it } from 'vitest';
import { startTestServer, useExtension, useReferenceApi, useTestServer } from './harness';
import { checkBothSchemes, configure, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ dialect: 'api-md', seed: true, generationDelayMs: 1500 });
const web = useTestServer();

describe('popup states', () => {
  it('main state: the form, this page’s report and the recent list pass axe in light and dark', async () => {
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?main`;
    api().store.create({ url, privacy: 2, password: 'x' });
    api().store.finishPending();
    const popup = await extension().openActionPopup(await openWebPage(extension(), url));

    await popup
      .getByRole('article', { name: 'Report for this page' })
      .getByText(/^(Good|Decent|Bad)$/)
      .waitFor();
    const recent = popup.getByRole('list', { name: 'Recent reports' });
    await expect.poll(() => recent.getByRole('listitem').count()).toBe(5);
    expect(await popup.getByRole('button', { name: 'Regenerate' }).isEnabled()).toBe(true);
    await popup.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Password' });
    await popup.getByLabel('Password', { exact: true }).waitFor();

    const { violations } = await checkBothSchemes(popup, 'main');
    expect(violations).toEqual([]);
  });

  it('"This site only" narrows the recent list to this host', async () => {
    await configure(extension(), api().url, api().apiKey);
    const popup = await extension().openActionPopup(
      await openWebPage(extension(), `${web().url}/article?site`),
    );
    const recent = popup.getByRole('list', { name: 'Recent reports' });
    await expect.poll(() => recent.getByRole('listitem').count()).toBe(5);
    await popup.getByRole('checkbox', { name: 'This site only' }).check();
    const host = new URL(web().url).hostname;
    await expect.poll(() => api().requests.some((request) => request.query.search === host)).toBe(true);
    await expect
      .poll(() => recent.getByRole('listitem').allInnerTexts())
      .toSatisfy((items: string[]) => items.length > 0 && items.every((text) => text.startsWith(host)));
  });

  it('a browser page gets a plain explanation instead of the form', async () => {
    await configure(extension(), api().url, api().apiKey);
    const popup = await extension().openActionPopup(await openWebPage(extension(), 'chrome://version/'));
    await popup.getByText(/Reports are made for web pages/).waitFor();
    expect(await popup.getByRole('button', { name: 'Create report' }).count()).toBe(0);
    expect(await popup.getByRole('alert').count()).toBe(0);
    await popup.getByRole('heading', { name: 'Recent reports' }).waitFor();

    const { violations } = await checkBothSchemes(popup, 'not-a-web-page');
    expect(violations).toEqual([]);
  });

  it('no key: one sentence and "Open settings", which opens Settings', async () => {
    await extension().clearStorage('local');
    await extension().clearStorage('session');
    const popup = await extension().openActionPopup(await openWebPage(extension(), `${web().url}/article`));
    const open = popup.getByRole('button', { name: 'Open settings' });
    await open.waitFor();
    expect(await popup.getByRole('button').count()).toBe(1);
    expect(await popup.getByRole('combobox').count()).toBe(0);

    const { violations } = await checkBothSchemes(popup, 'not-set-up');
    expect(violations).toEqual([]);

    const opened = extension().context.waitForEvent('page');
    await open.click();
    expect((await opened).url()).toBe(extension().extensionUrl('options.html#/settings'));
  });

  it('the API down: says it cannot reach the service, offers Retry, and still lets a report be tried', async () => {
    const down = await startTestServer();
    await down.close();
    await configure(extension(), down.url, 'any-key');
    extension().allowConsoleErrors('net::ERR_CONNECTION_REFUSED');

    const popup = await extension().openActionPopup(await openWebPage(extension(), `${web().url}/article`));
    const alert = popup.getByRole('alert');
    await alert.first().waitFor({ timeout: 20_000 });
    expect(await alert.count()).toBe(1);
    expect(await alert.innerText()).toContain('Could not reach the service');
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await popup.getByRole('button', { name: 'Create report' }).isEnabled()).toBe(true);

    const { violations } = await checkBothSchemes(popup, 'api-down');
    expect(violations).toEqual([]);
  });

  it('a rejected key offers "Open settings"; a rate limit says when to try again', async () => {
    await configure(extension(), api().url, 'wrong-key');
    let popup = await extension().openActionPopup(await openWebPage(extension(), `${web().url}/article`));
    const rejected = popup.getByRole('alert');
    await rejected.first().waitFor();
    expect(await rejected.innerText()).toContain('rejected your API key');
    expect(await rejected.getByRole('button', { name: 'Open settings' }).count()).toBe(1);

    await configure(extension(), api().url, api().apiKey);
    popup = await extension().openActionPopup(await openWebPage(extension(), `${web().url}/article?limited`));
    await popup
      .getByText(/This page has no report yet|Report for this page/)
      .first()
      .waitFor();
    api().controls.forceStatus(429, 1, undefined, { 'Retry-After': '30' });
    await popup.getByRole('button', { name: 'Create report' }).click();
    const limited = popup.getByRole('alert');
    await limited.waitFor();
    // A clock time stays true however long the message is on screen; "in 30 seconds" would not.
    expect(await limited.innerText()).toMatch(/Too many requests\. Try again after .*\d{1,2}:\d{2}:\d{2}/);
    expect(await limited.innerText()).not.toContain('30 seconds');
    expect(await limited.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const { violations } = await checkBothSchemes(popup, 'rate-limited');
    expect(violations).toEqual([]);
  });

  it('shows the server’s field errors (422) next to the field', async () => {
    await configure(extension(), api().url, api().apiKey);
    const popup = await extension().openActionPopup(
      await openWebPage(extension(), `${web().url}/article?invalid`),
    );
    await popup
      .getByText(/This page has no report yet|Report for this page/)
      .first()
      .waitFor();
    api().controls.forceStatus(
      422,
      1,
      {
        message: 'The password field is required when privacy is 2.',
        errors: { password: ['The password field is required when privacy is 2.'] },
      },
      undefined,
      { method: 'POST' },
    );
    await popup.getByRole('combobox', { name: 'Privacy' }).selectOption({ label: 'Password' });
    await popup.getByLabel('Password', { exact: true }).fill('pw');
    await popup.getByRole('button', { name: 'Create report' }).click();
    const password = popup.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await password.getAttribute('aria-describedby');
    expect(await popup.locator(`#${describedBy}`).innerText()).toBe(
      'The password field is required when privacy is 2.',
    );
    // "Check the highlighted fields": the field is drawn in the error colour, the one its message uses.
    const colours = await password.evaluate((input) => {
      const message = document.getElementById(input.getAttribute('aria-describedby')!)!;
      const select = document.getElementById('privacy')!;
      return {
        field: getComputedStyle(input).borderTopColor,
        ring: getComputedStyle(input).boxShadow,
        message: getComputedStyle(message).color,
        valid: getComputedStyle(select).borderTopColor,
      };
    });
    expect(colours.field).toBe(colours.message);
    expect(colours.ring).toContain(colours.message);
    expect(colours.valid).not.toBe(colours.message);
    const { violations } = await checkBothSchemes(popup, 'field-errors');
    expect(violations).toEqual([]);
  });

  it('works at 200% zoom: fits the largest popup Chrome allows, nothing sticks out sideways', async () => {
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?zoom=${'a-rather-long-query-value-'.repeat(6)}`;
    const popup = await extension().openActionPopup(await openWebPage(extension(), url));
    await popup.getByRole('button', { name: 'Create report' }).waitFor();
    await expect
      .poll(() => popup.getByRole('list', { name: 'Recent reports' }).getByRole('listitem').count())
      .toBe(5);
    // The page's zoom as Chrome applies it to a popup (a tab's zoom API does not reach popups).
    await popup.evaluate(() => {
      document.documentElement.style.zoom = '2';
    });
    const layout = await popup.evaluate(() => {
      const body = document.body;
      const bodyRight = body.getBoundingClientRect().right;
      const wider = [...body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > bodyRight + 0.5,
      );
      const describe = (element: Element) => `${element.tagName.toLowerCase()}.${element.className}`;
      return { width: bodyRight, wider: wider.map(describe) };
    });
    // Chrome caps a popup at 800 device pixels wide.
    expect(layout.width).toBeLessThanOrEqual(800);
    expect(layout.wider).toEqual([]);
    const { violations } = await checkBothSchemes(popup, 'zoom-200');
    expect(violations).toEqual([]);
  });
});

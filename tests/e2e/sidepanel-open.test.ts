// "Open in side panel" in the real action popup opens Chrome's real side panel beside the page, and the
// popup closes. The panel is no page of the persistent context: it is found over a CDP connection made
// after it opened, as the action popup is (support/extension.ts). A browser of its own for this file: a
// side panel stays open in its window from one test to the next.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useExtension, useReferenceApi, useTestServer } from './harness';
import { configure, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ seed: false });
const web = useTestServer();

/** The extension's side panel pages, seen over a new CDP connection. */
async function sidePanels<T>(use: (panels: Page[]) => Promise<T>): Promise<T> {
  const port = (await readFile(join(extension().userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n')[0];
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const pages = browser.contexts().flatMap((context) => context.pages());
    return await use(pages.filter((page) => page.url() === extension().extensionUrl('sidepanel.html')));
  } finally {
    await browser.close();
  }
}

it('"Open in side panel" opens Chrome’s side panel beside the page and closes the popup', async () => {
  await configure(extension(), api().url, api().apiKey);
  const url = `${web().url}/article?from-popup`;
  const article = await openWebPage(extension(), url);
  expect(await sidePanels(async (panels) => panels.length)).toBe(0);

  const popup = await extension().openActionPopup(article);
  const closed = popup.waitForEvent('close');
  // The click closes the popup: Playwright may see the page go before it has finished the click.
  await popup
    .getByRole('button', { name: 'Open in side panel' })
    .click()
    .catch((cause: unknown) => {
      if (!String(cause).includes('has been closed')) throw cause;
    });
  await closed;

  await expect.poll(() => sidePanels(async (panels) => panels.length)).toBe(1);
  // A real side panel, not a tab; it follows the page's window once the person lets it.
  expect(
    extension()
      .context.pages()
      .some((page) => page.url().endsWith('/sidepanel.html')),
  ).toBe(false);
  await sidePanels(async ([panel]) => {
    await panel!.getByRole('button', { name: 'Follow the active tab' }).click();
    await panel!.getByTitle(url, { exact: true }).waitFor();
    await panel!.getByText('This page has no report yet.').waitFor();
  });
  extension().expectNoConsoleErrors();
});

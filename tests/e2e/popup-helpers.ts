// Shared steps of the popup's end-to-end tests: settings through storage, a web page to report on,
// accessibility checks with axe-core, screenshots in both colour schemes.
import type { Page } from 'playwright-core';
import { checkBothSchemes as checkSchemes, type ExtensionHarness, type ReferenceApi } from './harness';
import { connectionItems } from './support/connection';

/**
 * A clean extension pointed at the reference API: no cache, no remembered privacy, nothing pending.
 * (The options page path to these settings is tested in settings.test.ts.)
 */
export async function configure(extension: ExtensionHarness, baseUrl: string, apiKey: string): Promise<void> {
  await extension.clearStorage('session');
  await extension.clearStorage('local');
  await extension.setStorage('local', connectionItems(baseUrl, apiKey));
}

/** Opens a web page in a tab and returns it; the popup is then opened over it. */
export async function openWebPage(extension: ExtensionHarness, url: string): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(url);
  return page;
}

/** The report creations that reached the API, with their form bodies. */
export function creations(api: ReferenceApi) {
  return api.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/reports');
}

/** The shared light-and-dark check, with the popup's screenshot names (`popup-NAME-light.png`). */
export function checkBothSchemes(
  page: Page,
  name: string,
): Promise<{ violations: string[]; shots: string[] }> {
  return checkSchemes(page, `popup-${name}`);
}

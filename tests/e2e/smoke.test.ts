import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { extensionBuildDir, screenshot, useExtension, useTestServer, type WithChrome } from './harness';

const extension = useExtension();
const web = useTestServer();

/** Something was rendered: a page whose script failed to load stays blank. */
async function expectRendered(page: Page): Promise<void> {
  await expect.poll(async () => (await page.locator('body').innerText()).trim()).not.toBe('');
}

describe('smoke', () => {
  it('loads the extension: the service worker runs and reads the manifest', async () => {
    const { serviceWorker, extensionId } = extension();
    expect(extensionId).toMatch(/^[a-p]{32}$/);
    expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
    const name = await serviceWorker.evaluate(
      () => (globalThis as unknown as WithChrome).chrome.runtime.getManifest().name,
    );
    expect(name).toBe('Page Reports');
  });

  it('keeps the production manifest rules (apart from the grants of the test build)', async () => {
    const manifest = JSON.parse(await readFile(join(extensionBuildDir, 'manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { host_permissions: testHosts, ...production } = manifest;
    expect(testHosts).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);

    expect(production.manifest_version).toBe(3);
    expect(production.name).toBe('__MSG_extName__');
    expect(production.default_locale).toBe('en');
    // The test build holds the opt-in `notifications` and `tabs` outright (headless Chromium cannot answer
    // their prompts); production asks for them in Settings (optional_permissions, scripts/check-build.mjs).
    expect([...(production.permissions as string[])].sort()).toEqual([
      'activeTab',
      'alarms',
      'contextMenus',
      'notifications',
      'sidePanel',
      'storage',
      'tabs',
    ]);
    // The side panel (entrypoints/sidepanel): Chrome's `side_panel` page.
    expect(production.side_panel).toEqual({ default_path: 'sidepanel.html' });
    // Production asks for those two when the person turns their setting on (checked by check-build.mjs).
    expect(production.optional_permissions).toBeUndefined();
    expect(production.commands).toEqual({
      _execute_action: { suggested_key: { default: 'Alt+Shift+R' } },
      'create-report': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: '__MSG_commandCreateReport__',
      },
    });
    expect(JSON.stringify(production)).not.toContain('<all_urls>');
    expect(JSON.stringify(production)).not.toContain('*://*/*');
    expect(production).not.toHaveProperty('content_scripts');
    expect(production.optional_host_permissions).toEqual(
      expect.arrayContaining(['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*']),
    );
  });

  it('opens the options page without console errors', async () => {
    const page = await extension().openOptions();
    await expectRendered(page);
    // Without a hash it opens Settings (no key yet) or Reports, whose full list state it then writes in.
    expect([
      extension().extensionUrl('options.html'),
      extension().extensionUrl('options.html#/reports?sort_by=id&sort=desc&per_page=10'),
    ]).toContain(page.url());
    await screenshot(page, 'smoke-options');
    extension().expectNoConsoleErrors();
  });

  it('opens the popup as a tab without console errors', async () => {
    const page = await extension().openPopupAsTab();
    await expectRendered(page);
    await screenshot(page, 'smoke-popup-tab');
    extension().expectNoConsoleErrors();
  });

  it('opens the real action popup over a web page, once per connection', async () => {
    const article = await extension().context.newPage();
    await article.goto(`${web().url}/article`);
    await expect.poll(() => article.title()).toBe('Test article');

    const popup = await extension().openActionPopup(article);
    expect(popup.url()).toMatch(/\/popup\.html$/);
    expect(popup.url().startsWith(extension().extensionOrigin)).toBe(true);
    await expectRendered(popup);
    await screenshot(popup, 'smoke-action-popup');
    await extension().closeActionPopup();
    expect(popup.isClosed()).toBe(true);

    // A second popup needs a new CDP connection: the first one was closed with the popup.
    const again = await extension().openActionPopup(article);
    expect(again.url()).toMatch(/\/popup\.html$/);
    await expectRendered(again);
    extension().expectNoConsoleErrors();
  });
});

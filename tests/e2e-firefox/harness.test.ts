// The Firefox harness itself: what the tests rely on but never show in passing.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../e2e/support/wait';
import { useFirefox } from './support/fixtures';
import type { WithBrowser } from './support/firefox';

const firefox = useFirefox();

type BackgroundWindow = Window & { __pageReportsE2e?: Record<string, (...args: unknown[]) => unknown> };

describe('the Firefox harness', () => {
  it('calls a hook of the background page with arguments and brings its answer back', async () => {
    await expect(firefox().callBackgroundHook('noSuchHook')).rejects.toThrow(/no e2e hook "noSuchHook"/);
    // A probe beside the e2e build's own hooks (menuClicked, commandRan, …), set on the background page's window.
    await firefox().controller.evaluate(async () => {
      const background = (await (
        globalThis as unknown as WithBrowser
      ).browser.runtime.getBackgroundPage()) as BackgroundWindow;
      background.__pageReportsE2e = {
        ...background.__pageReportsE2e,
        echo: async (...args: unknown[]) => ({ args, where: background.location.pathname }),
      };
    });
    expect(await firefox().callBackgroundHook('echo', { menuItemId: 'x' }, { id: 3 })).toEqual({
      args: [{ menuItemId: 'x' }, { id: 3 }],
      where: '/_generated_background_page.html',
    });
  });

  it('sees uncaught errors of extension pages and console.error of the background in Firefox’s output', async () => {
    await firefox().controller.evaluate(async () => {
      const background = (await (
        globalThis as unknown as WithBrowser
      ).browser.runtime.getBackgroundPage()) as (Window & typeof globalThis) | null;
      background?.console.error('Page Reports: harness probe from the background');
      setTimeout(() => {
        throw new Error('harness probe from a page');
      });
    });
    const errors = await waitFor(
      () => (firefox().extensionErrors().length >= 2 ? firefox().extensionErrors() : false),
      {
        timeoutMs: 10_000,
        message: 'both probes in the extension errors',
      },
    );
    expect(errors.join('\n')).toMatch(/harness probe from the background/);
    expect(errors.join('\n')).toMatch(/JavaScript error: moz-extension:.*harness probe from a page/);
    firefox().allowErrors('harness probe');
    expect(firefox().extensionErrors()).toEqual([]);
  });
});

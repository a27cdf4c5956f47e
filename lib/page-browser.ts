// The extension API as the browser gives it, for pages and the modules they share with the background.
// Chrome MV3 and Firefox both offer promise-based APIs for everything pages call. The background takes
// webextension-polyfill's `browser` from wxt/browser (WXT's module, wxt.config.ts), so its
// runtime.onMessage listener answers with a promise in both browsers.
import type { WxtBrowser } from 'wxt/browser';

type Globals = { browser?: WxtBrowser; chrome?: WxtBrowser };

export const browser: WxtBrowser = (globalThis as Globals).browser ?? (globalThis as Globals).chrome!;

// The extension API as the browser gives it (promise-based in both), for pages and what they share with
// the background; the background itself takes webextension-polyfill's from wxt/browser.
import type { WxtBrowser } from 'wxt/browser';

type Globals = { browser?: WxtBrowser; chrome?: WxtBrowser };

export const browser: WxtBrowser = (globalThis as Globals).browser ?? (globalThis as Globals).chrome!;

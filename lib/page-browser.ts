// The extension API for pages (popup, options). Chrome MV3 and Firefox both offer promise-based APIs for
// everything pages call (runtime messaging, tabs, permissions), so pages skip webextension-polyfill and
// its ~2.6 KB gzip on the popup's start-up path; the background keeps the polyfill (`wxt/browser`).
import type { WxtBrowser } from 'wxt/browser';

type Globals = { browser?: WxtBrowser; chrome?: WxtBrowser };

export const browser: WxtBrowser = (globalThis as Globals).browser ?? (globalThis as Globals).chrome!;

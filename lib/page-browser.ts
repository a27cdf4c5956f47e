// The extension API, as the browser gives it. Chrome MV3 and Firefox both offer promise-based APIs for
// everything the extension calls (runtime messaging, tabs, permissions, alarms), so pages and the
// background skip webextension-polyfill (`wxt/browser`) and its ~2.7 KB gzip. The one thing only the
// polyfill did, answering a message with a returned promise, the background does with sendResponse.
import type { WxtBrowser } from 'wxt/browser';

type Globals = { browser?: WxtBrowser; chrome?: WxtBrowser };

export const browser: WxtBrowser = (globalThis as Globals).browser ?? (globalThis as Globals).chrome!;

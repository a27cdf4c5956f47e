import { browser } from '@/lib/page-browser';
import { defineBackground } from 'wxt/utils/define-background';
import { storage } from 'wxt/utils/storage';
import type { ServiceWait } from '@/lib/service-wait';
import { SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { createApiClient } from '@/entrypoints/background/service/client';
import { declaredIn, NONE_DECLARED, releaseUnusedOrigin } from './settings/old-origin-permission';
import {
  moveLegacyConnection,
  readConnection,
  readConnections,
  saveConnection,
  writeConnections,
} from './settings/storage';
import { dropConnectionData, switchConnectionData } from './connection-stash';
import { originPattern } from '@/lib/base-url';
import { createHandlers } from './handlers';
import { createSerialUpdates } from './serial-update';
import { connectionGuard } from './connection-guard';
import { withPopupSupport } from './popup-support';
import { withBrowserIntegration } from './integration';
import { createMessageRouter } from './router';
import { browserToolbarScore, registerToolbarScore, withToolbarScore } from './toolbar-score';

const serviceWaitItem = storage.defineItem<ServiceWait | null>(`session:${SERVICE_WAIT_KEY}`, {
  fallback: null,
});

export default defineBackground(() => {
  // Playwright cannot see uncaught errors in a service worker, but it sees console.error.
  self.addEventListener('error', (event) => console.error('Page Reports background error:', event.message));
  self.addEventListener('unhandledrejection', (event) =>
    console.error('Page Reports background rejection:', String(event.reason)),
  );

  // One queue for every write of the connection settings: saves never interleave, and an existing user's
  // old settings are moved into the one item before any save can run.
  const settingsUpdates = createSerialUpdates('updating the connection settings');
  void settingsUpdates(moveLegacyConnection).catch(() => undefined); // logged by the queue

  // Least privilege: access to a server no saved connection points to any more is given back. Only the
  // e2e and `npm start` builds declare origins (wxt.config.ts), which the browser will not give back: the
  // production worker carries no match-pattern check for a manifest without any.
  const isDeclared =
    import.meta.env.MODE === 'production' ? NONE_DECLARED : declaredIn(browser.runtime.getManifest());
  const releaseIfUnused = async (oldBaseUrl: string) =>
    releaseUnusedOrigin(
      oldBaseUrl,
      (await readConnections()).list.map((entry) => entry.baseUrl),
      { permissions: browser.permissions, isDeclared },
    );

  // What an answer writes waits for a switch in progress, and is skipped after one.
  const guard = connectionGuard(settingsUpdates, readConnection);

  // withPopupSupport adds the popup's messages, its cache and the generation alarm (registered here, at start-up);
  // withBrowserIntegration the right-click menu, the create shortcut and notifications (their listeners too).
  const handlers = withBrowserIntegration(
    withPopupSupport(
      createHandlers({
        readSettings: readConnection,
        writeSettings: saveConnection,
        readConnections,
        writeConnections,
        oneAtATime: settingsUpdates,
        afterConnectionChange: (before) => releaseIfUnused(before.baseUrl).then(() => undefined),
        // Each connection's caches and pending work: the old one's put aside, the new one's brought back.
        afterSwitch: switchConnectionData,
        afterRemove: async (removed) => {
          await dropConnectionData(removed.id);
          await releaseIfUnused(removed.baseUrl);
        },
        hasHostPermission: (origin) => browser.permissions.contains({ origins: [originPattern(origin)] }),
        createClient: (settings) =>
          createApiClient({
            ...settings,
            // Pages show the wait while it lasts (components/ServiceWait): their answer comes after it.
            onRateLimitWait: (ms) => void serviceWaitItem.setValue({ until: Date.now() + ms }),
          }),
      }),
      guard,
    ),
  );
  // The opt-in toolbar score: its listeners at start-up, its index kept in step with creates and deletes.
  const toolbarScore = browserToolbarScore({ listReports: handlers['reports.list'], readConnection, guard });
  registerToolbarScore(toolbarScore);
  const route = createMessageRouter(withToolbarScore(handlers, toolbarScore, guard), {
    extensionId: browser.runtime.id,
    extensionBaseUrl: browser.runtime.getURL('/'),
  });

  // Registered synchronously at start-up so a woken worker never misses the message that woke it.
  // Answered through sendResponse (true keeps the channel open until then): every browser takes that,
  // without webextension-polyfill, which only a returned promise needs.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // The router answers every message itself; should it ever reject, the page still gets an answer
    // (send() reads a reply without `ok` as "the background did not answer") instead of waiting.
    route(message, sender).then(sendResponse, (cause: unknown) => {
      console.error('Page Reports: a message went unanswered', cause);
      sendResponse(null);
    });
    return true;
  });
});

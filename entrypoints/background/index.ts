import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createApiClient } from '@/lib/api/client';
import { apiKeyItem, baseUrlItem, readConnectionSettings } from '@/lib/settings/storage';
import { originPattern } from '@/lib/base-url';
import { createHandlers } from './handlers';
import { withPopupSupport } from './popup-support';
import { createMessageRouter } from './router';

export default defineBackground(() => {
  // Playwright cannot see uncaught errors in a service worker, but it sees console.error.
  self.addEventListener('error', (event) => console.error('Page Reports background error:', event.message));
  self.addEventListener('unhandledrejection', (event) =>
    console.error('Page Reports background rejection:', String(event.reason)),
  );

  // withPopupSupport adds the popup's messages, its cache and the generation alarm (registered here, at start-up).
  const handlers = withPopupSupport(
    createHandlers({
      readSettings: readConnectionSettings,
      async writeSettings({ baseUrl, apiKey }) {
        if (baseUrl !== undefined) await baseUrlItem.setValue(baseUrl);
        if (apiKey !== undefined) await apiKeyItem.setValue(apiKey);
      },
      hasHostPermission: (origin) => browser.permissions.contains({ origins: [originPattern(origin)] }),
      createClient: (settings) => createApiClient(settings),
    }),
  );
  const route = createMessageRouter(handlers, {
    extensionId: browser.runtime.id,
    extensionBaseUrl: browser.runtime.getURL('/'),
  });

  // Registered synchronously at start-up so a woken worker never misses the message that woke it.
  browser.runtime.onMessage.addListener((message, sender) => route(message, sender));
});

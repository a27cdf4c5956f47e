import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerBrowserIntegration } from './integration';
import { createMessageRouter } from './router';
import { registerToolbarScore } from './toolbar-score';
import { createBackground } from './wiring';

export default defineBackground(() => {
  // Playwright cannot see uncaught errors in a service worker, but it sees console.error.
  self.addEventListener('error', (event) => console.error('Page Reports background error:', event.message));
  self.addEventListener('unhandledrejection', (event) =>
    console.error('Page Reports background rejection:', String(event.reason)),
  );

  const { handlers, toolbar, activeWork } = createBackground();
  // The right-click menu, the create shortcut, notifications and the toolbar score: listeners at start-up.
  registerBrowserIntegration(activeWork);
  registerToolbarScore(toolbar);
  const route = createMessageRouter(handlers, {
    extensionId: browser.runtime.id,
    extensionBaseUrl: browser.runtime.getURL('/'),
  });

  // Registered synchronously so a woken worker never misses the message that woke it.
  browser.runtime.onMessage.addListener(route);
});

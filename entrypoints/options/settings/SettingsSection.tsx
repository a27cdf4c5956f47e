import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from '@/lib/page-browser';
import type { ApiError } from '@/lib/api/errors';
import { checkBaseUrl, originPattern } from '@/lib/base-url';
import type { ConnectionTestResult, SettingsSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { KEY_REQUIRED_FOR_NEW_SERVER } from '@/lib/settings/messages';

type Status = { tone: 'info' | 'success' | 'error'; text: string; detail?: string } | null;

/**
 * "Connected as Ada Lovelace (Pro) — 137 reports" when the service names the account (phpRank), else
 * "Connected: 137 reports"; "10 reports on the first page" when the server gives no total.
 */
export function connectedText({ total, count, account }: ConnectionTestResult): string {
  const reports =
    total === null ? `${count} reports on the first page` : `${total} report${total === 1 ? '' : 's'}`;
  const name = account?.name?.trim();
  if (!name) return `Connected: ${reports}`;
  const plan = account?.plan?.trim();
  return `Connected as ${name}${plan ? ` (${plan})` : ''} — ${reports}`;
}

/** Settings: the service's base URL and the API key, with Save and Test connection. */
export function SettingsSection() {
  const summary = useSignal<SettingsSummary | null>(null);
  const baseUrl = useSignal('');
  // The fields wait for the saved settings, so nothing typed is overwritten when they arrive.
  const loaded = useSignal(false);
  const apiKey = useSignal('');
  const baseUrlError = useSignal<string | null>(null);
  const apiKeyError = useSignal<string | null>(null);
  const status = useSignal<Status>(null);
  const busy = useSignal(false);

  useEffect(() => {
    void send('settings.get', {}).then((result) => {
      if (result.ok) {
        summary.value = result.data;
        baseUrl.value = result.data.baseUrl;
      } else status.value = { tone: 'error', text: result.error.message };
      loaded.value = true;
    });
  }, []);

  /** Saves the form. Runs from the click itself: the permission prompt must come before any await. */
  function save(): Promise<SettingsSummary | null> {
    baseUrlError.value = null;
    apiKeyError.value = null;
    const checked = checkBaseUrl(baseUrl.value);
    if (!checked.ok) {
      baseUrlError.value = checked.message;
      return Promise.resolve(null);
    }
    const key = apiKey.value.trim();
    if (!key && !summary.value?.keySet) {
      apiKeyError.value = 'Enter your API key. You find it in your account on the service.';
      return Promise.resolve(null);
    }
    if (!key && summary.value?.baseUrl && new URL(summary.value.baseUrl).origin !== checked.origin) {
      apiKeyError.value = KEY_REQUIRED_FOR_NEW_SERVER;
      return Promise.resolve(null);
    }
    const permission = browser.permissions
      .request({ origins: [originPattern(checked.origin)] })
      .catch(() => false);
    busy.value = true;
    status.value = { tone: 'info', text: 'Saving…' };
    return permission.then(async (granted) => {
      const result = await send('settings.save', {
        baseUrl: checked.baseUrl,
        ...(key ? { apiKey: key } : {}),
      });
      busy.value = false;
      if (!result.ok) {
        showSaveError(result.error);
        return null;
      }
      summary.value = result.data;
      baseUrl.value = result.data.baseUrl;
      apiKey.value = '';
      status.value = granted
        ? { tone: 'success', text: 'Settings saved.' }
        : {
            tone: 'info',
            text: `Settings saved, but access to ${checked.origin} was not granted. Page Reports works only if that server allows requests from extensions (CORS); if it does not, save again and allow access.`,
          };
      return result.data;
    });
  }

  function showSaveError(error: ApiError) {
    if (error.fieldErrors?.baseUrl) baseUrlError.value = error.fieldErrors.baseUrl.join(' ');
    if (error.fieldErrors?.apiKey) apiKeyError.value = error.fieldErrors.apiKey.join(' ');
    status.value = { tone: 'error', text: error.message };
  }

  function onSubmit(event: Event) {
    event.preventDefault();
    void save();
  }

  function onTest() {
    void save().then(async (saved) => {
      if (!saved) return;
      busy.value = true;
      status.value = { tone: 'info', text: 'Testing the connection…' };
      const result = await send('settings.test', {});
      busy.value = false;
      status.value = result.ok
        ? { tone: 'success', text: connectedText(result.data) }
        : { tone: 'error', text: result.error.message, detail: result.error.detail };
    });
  }

  const key = summary.value;
  return (
    <section aria-labelledby="settings-heading" class="settings">
      <h2 id="settings-heading">Settings</h2>
      <form onSubmit={onSubmit} noValidate>
        <div class="field">
          <label for="base-url">API base URL</label>
          <input
            id="base-url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://reports.example.com"
            value={baseUrl.value}
            disabled={!loaded.value}
            onInput={(e) => (baseUrl.value = e.currentTarget.value)}
            aria-invalid={baseUrlError.value ? true : undefined}
            aria-describedby={baseUrlError.value ? 'base-url-error' : 'base-url-hint'}
          />
          {baseUrlError.value ? (
            <p id="base-url-error" class="field-error">
              {baseUrlError.value}
            </p>
          ) : (
            <p id="base-url-hint" class="hint">
              The address of the service, without /api/v1.
            </p>
          )}
        </div>
        <div class="field">
          <label for="api-key">API key</label>
          <input
            id="api-key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            placeholder={key?.keySet ? 'A key is saved — leave empty to keep it' : ''}
            value={apiKey.value}
            disabled={!loaded.value}
            onInput={(e) => (apiKey.value = e.currentTarget.value)}
            aria-invalid={apiKeyError.value ? true : undefined}
            aria-describedby={apiKeyError.value ? 'api-key-error' : 'api-key-hint'}
          />
          {apiKeyError.value ? (
            <p id="api-key-error" class="field-error">
              {apiKeyError.value}
            </p>
          ) : (
            <p id="api-key-hint" class="hint">
              {key?.keySet
                ? `${key.keyLastFour ? `A key ending in ${key.keyLastFour}` : 'A key'} is saved. It stays inside the extension and is sent only to the API base URL.`
                : 'Stored in this browser only and sent only to the API base URL.'}
            </p>
          )}
        </div>
        <div class="settings-actions">
          <button type="submit" class="primary" disabled={busy.value || !loaded.value}>
            Save
          </button>
          <button type="button" onClick={onTest} disabled={busy.value || !loaded.value}>
            Test connection
          </button>
        </div>
      </form>
      <div
        role="status"
        aria-live="polite"
        class={`settings-status settings-status--${status.value?.tone ?? 'none'}`}
      >
        {status.value ? <p>{status.value.text}</p> : null}
        {status.value?.detail ? <p class="error-detail">{status.value.detail}</p> : null}
      </div>
      <WhatLeavesTheBrowser />
    </section>
  );
}

/** Plainly, what the service learns and when (issue 9): people trust a tool that says so up front. */
function WhatLeavesTheBrowser() {
  return (
    <section aria-labelledby="data-heading" class="settings-privacy">
      <h3 id="data-heading">What leaves this browser</h3>
      <ul>
        <li>Your API key goes only to the API base URL above.</li>
        <li>
          The address of a page goes to that service only when you open the Page Reports popup on the page (to
          find its report) or create a report for it, and never with a user name, password or the part after
          “#”.
        </li>
        <li>Nothing else about the pages you visit leaves this browser.</li>
      </ul>
    </section>
  );
}

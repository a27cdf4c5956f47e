import { useEffect, useRef } from 'preact/hooks';
import { FieldNote, fieldAria } from '@/components/field-note';
import { browser } from '@/lib/page-browser';
import { send } from '@/lib/messaging/send';
import { createSettingsModel, type SettingsModel } from './settings-model';
import { BadgeSetting } from './BadgeSetting';
import { BrowserIntegration } from './BrowserIntegration';

const BASE_URL_HINT = 'The address of the service, without /api/v1.';

function defaultModel(): SettingsModel {
  return createSettingsModel(send, {
    requestPermission: (origins) => browser.permissions.request({ origins }),
  });
}

/**
 * Settings: the service's base URL and the API key, with Save and Test connection. Each visit starts from
 * what is saved: the model is made when the section opens.
 */
export function SettingsSection({ model: given }: { model?: SettingsModel } = {}) {
  const made = useRef<SettingsModel | null>(null);
  const model = (made.current ??= given ?? defaultModel());
  useEffect(() => void model.load(), []);

  const saved = model.summary.value;
  const loaded = model.loaded.value;
  const busy = model.busy.value;
  const errors = model.fieldErrors.value;
  const status = model.status.value;
  const keyHint = saved?.keySet
    ? `${saved.keyLastFour ? `A key ending in ${saved.keyLastFour}` : 'A key'} is saved. It stays inside the extension and is sent only to the API base URL.`
    : 'Stored in this browser only and sent only to the API base URL.';

  function onSubmit(event: Event) {
    event.preventDefault();
    void model.save();
  }

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
            value={model.baseUrl.value}
            disabled={!loaded}
            onInput={(e) => model.setBaseUrl(e.currentTarget.value)}
            {...fieldAria('base-url', errors.baseUrl, BASE_URL_HINT)}
          />
          <FieldNote id="base-url" error={errors.baseUrl} hint={BASE_URL_HINT} />
        </div>
        <div class="field">
          <label for="api-key">API key</label>
          <input
            id="api-key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            placeholder={saved?.keySet ? 'A key is saved — leave empty to keep it' : ''}
            value={model.apiKey.value}
            disabled={!loaded}
            onInput={(e) => model.setApiKey(e.currentTarget.value)}
            {...fieldAria('api-key', errors.apiKey, keyHint)}
          />
          <FieldNote id="api-key" error={errors.apiKey} hint={keyHint} />
        </div>
        <div class="settings-actions">
          <button type="submit" class="primary" disabled={busy || !loaded}>
            Save
          </button>
          <button type="button" onClick={() => void model.testConnection()} disabled={busy || !loaded}>
            Test connection
          </button>
        </div>
      </form>
      <div
        role="status"
        aria-live="polite"
        class={`settings-status settings-status--${status?.tone ?? 'none'}`}
      >
        {status ? <p>{status.text}</p> : null}
        {status?.detail ? <p class="error-detail">{status.detail}</p> : null}
      </div>
      <BadgeSetting />
      <BrowserIntegration />
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

import type { SettingsStatus } from './settings-model';

/** A Settings status line: always in the page, so a screen reader hears each new sentence. */
export function StatusLine({ status }: { status: SettingsStatus }) {
  return (
    <div
      role="status"
      aria-live="polite"
      class={`settings-status settings-status--${status?.tone ?? 'none'}`}
    >
      {status ? <p>{status.text}</p> : null}
      {status?.detail ? <p class="error-detail">{status.detail}</p> : null}
    </div>
  );
}

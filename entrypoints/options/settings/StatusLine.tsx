import { TechnicalDetails } from '@/components/ErrorBanner';
import type { SettingsStatus } from './settings-model';

/**
 * A Settings status line: always in the page, so a screen reader hears each new sentence. `beside`: a
 * part's own line, a live region only, so the connection's stays Settings' one status.
 */
export function StatusLine({ status, beside = false }: { status: SettingsStatus; beside?: boolean }) {
  return (
    <div
      role={beside ? undefined : 'status'}
      aria-live="polite"
      class={`settings-status settings-status--${status?.tone ?? 'none'}`}
    >
      {status ? <p>{status.text}</p> : null}
      {status?.detail ? <TechnicalDetails text={status.detail} /> : null}
    </div>
  );
}

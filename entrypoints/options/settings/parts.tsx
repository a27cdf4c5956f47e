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

/** A setting that is on or off, stored at once; its `hints` say what it does. */
export function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  hints?: string[];
}) {
  const { id, hints = [] } = props;
  return (
    <>
      <div class="check-field">
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={hints.map((_, i) => `${id}-hint${i}`).join(' ') || undefined}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        <label for={id}>{props.label}</label>
      </div>
      {hints.map((hint, i) => (
        <p key={i} id={`${id}-hint${i}`} class="hint">
          {hint}
        </p>
      ))}
    </>
  );
}

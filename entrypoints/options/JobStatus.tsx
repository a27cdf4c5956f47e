// The one view of work the page watches go on in steps (a bulk job, a project's read, an export): while it
// runs, its bar, how far it got and Stop; once it ended, what it did and what can follow. The box stays in
// place, hidden while there is nothing to show, so its status region says every change from start to end
// (a live region added together with its text often is not announced).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

interface JobProgress {
  /** The bar's name. */
  label: string;
  /** Steps done out of `total`; without a total the bar is indeterminate. */
  done: number;
  total: number | null;
  onStop: () => void;
  /** Stop was pressed and the work has not stopped yet. */
  stopping?: boolean;
}

export function JobStatus(props: {
  hidden?: boolean;
  /** While the work runs. */
  running?: JobProgress | null;
  /** How far it got, or what it did. */
  status: ComponentChildren;
  /** A failure that halts the work until a person acts: the focus comes to the box, where its actions are. */
  alert?: string | null;
  /** Some of the work failed. */
  failed?: boolean;
  /** What can follow once the work ended. */
  actions?: ComponentChildren;
  onDismiss?: () => void;
}) {
  const { running, alert } = props;
  const box = useRef<HTMLDivElement>(null);
  const quiet = !running && !alert && !props.status;
  useEffect(() => {
    if (alert) box.current?.focus();
  }, [!alert]);

  return (
    <div
      class={`job-status${props.failed || alert ? ' job-status--failed' : ''}${quiet ? ' job-status--quiet' : ''}`}
      hidden={props.hidden}
      tabIndex={-1}
      ref={box}
    >
      <div>
        {running ? (
          <progress
            aria-label={running.label}
            max={running.total ?? undefined}
            value={running.total === null ? undefined : running.done}
          />
        ) : null}
        <div role="status">{props.status}</div>
        {alert ? <p role="alert">{alert}</p> : null}
      </div>
      <div class="button-row">
        {running ? (
          <button type="button" disabled={running.stopping} onClick={running.onStop}>
            {t('uiStop')}
          </button>
        ) : (
          <>
            {props.actions}
            {props.onDismiss ? (
              <button type="button" onClick={props.onDismiss}>
                {t('uiDismiss')}
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

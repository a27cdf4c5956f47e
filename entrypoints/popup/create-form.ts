// The "Create report" form: privacy, the password (only for Password), one request per submission.
import { batch, signal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import type { CreateReportInput, Privacy, Report } from '@/lib/api/types';
import type { CreateRunState } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

export type FieldErrors = Record<string, string[]>;

export interface CreateFormDeps {
  /** The page to report, or null when this tab cannot be reported. */
  pageUrl(): string | null;
  onCreated(report: Report): void;
  /** The create failed in a way that may still have made the report (a timeout, say): look again. */
  onMaybeCreated(): void;
  onNotConfigured(): void;
  now(): number;
}

export type CreateForm = ReturnType<typeof createCreateForm>;

export function createCreateForm(deps: CreateFormDeps) {
  const privacy = signal<Privacy>(0);
  const password = signal('');
  const passwordShown = signal(false);
  const submitting = signal(false);
  /** When the running create started (epoch ms): the service analyses the page before it answers. */
  const startedAt = signal<number | null>(null);
  const error = signal<ApiError | null>(null);
  const fieldErrors = signal<FieldErrors>({});
  // Set once the person picks a privacy, so a late snapshot never overrides them.
  let privacyChosen = false;

  function clearFieldError(field: string) {
    if (!(field in fieldErrors.value)) return;
    const { [field]: _cleared, ...rest } = fieldErrors.value;
    fieldErrors.value = rest;
  }

  /** The answer to a create, sent from this popup or from an earlier one the background finished. */
  function finish(url: string, result: Result<Report | null>) {
    batch(() => {
      submitting.value = false;
      startedAt.value = null;
    });
    if (result.ok) {
      if (result.data) deps.onCreated(result.data);
      // No create was running after all (the worker that ran it stopped): look at what the service has.
      else deps.onMaybeCreated();
    } else if (result.error.kind === 'not_configured') {
      deps.onNotConfigured();
    } else {
      batch(() => {
        error.value = result.error;
        fieldErrors.value = result.error.fieldErrors ?? {};
      });
      // Seen here: the next popup need not show it again.
      void send('popup.forgetCreate', { url });
      // No Retry then (it could make a second report): show what the service has now instead.
      if (result.error.retrySafe === false) deps.onMaybeCreated();
    }
  }

  return {
    privacy,
    password,
    passwordShown,
    submitting,
    startedAt,
    error,
    fieldErrors,

    /** Starts from the person's last choice, unless they already picked one. */
    restorePrivacy(last: Privacy) {
      if (!privacyChosen) privacy.value = last;
    },

    choosePrivacy(next: Privacy) {
      privacyChosen = true;
      // The next popup starts from this choice. The background stores it (no storage code in the popup);
      // send never throws, and a failure only means the next popup starts from the older choice.
      void send('popup.rememberPrivacy', { privacy: next });
      batch(() => {
        privacy.value = next;
        if (next !== 2) {
          // A password belongs to Password only: leaving it forgets what was typed.
          password.value = '';
          passwordShown.value = false;
        }
        clearFieldError('privacy');
        clearFieldError('password');
      });
    },

    setPassword(value: string) {
      password.value = value;
      clearFieldError('password');
    },

    togglePasswordShown() {
      passwordShown.value = !passwordShown.value;
    },

    /** Sends exactly one request, however often it is called while one is running. */
    async submit(): Promise<void> {
      const url = deps.pageUrl();
      if (submitting.value || !url) return;
      const chosen = privacy.value;
      if (chosen === 2 && password.value === '') {
        fieldErrors.value = { password: ['Enter a password for the report page.'] };
        return;
      }
      const input: CreateReportInput =
        chosen === 2 ? { url, privacy: chosen, password: password.value } : { url, privacy: chosen };
      batch(() => {
        submitting.value = true;
        startedAt.value = deps.now();
        error.value = null;
        fieldErrors.value = {};
      });
      const answer = send('reports.create', input);
      // Sent: the password leaves the popup's memory now, whatever the answer.
      batch(() => {
        password.value = '';
        passwordShown.value = false;
      });
      finish(url, await answer);
    },

    /**
     * A create an earlier popup started is still running in the background: show it as this form's own
     * ("Analysing the page… 14 s"), then its outcome; or show how it failed while no popup was open.
     */
    async resume(run: CreateRunState): Promise<void> {
      const url = deps.pageUrl();
      if (!url || submitting.value) return;
      if (run.error) {
        finish(url, { ok: false, error: run.error });
        return;
      }
      batch(() => {
        submitting.value = true;
        startedAt.value = run.startedAt;
      });
      finish(url, await send('popup.awaitCreate', { url }));
    },
  };
}

// The "Create report" form: privacy, the password (only for Password), one request per submission.
import type { ApiError, Result } from '@/lib/api/errors';
import { PRIVACY, type Privacy, type ReportSummary } from '@/lib/api/types';
import type { CreateRunState } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { t } from '@/lib/i18n';
import type { Shown } from './popup-model';

/**
 * Whether a create could make a second report (the service makes one on every create). none: the service
 * just said there is none; pending: being looked up; exists: one is shown, a kept copy too; unknown: the
 * lookup failed, so there may be one.
 */
export type CreateGuard = 'none' | 'pending' | 'exists' | 'unknown';

export function createGuard(shown: Shown<ReportSummary | null>): CreateGuard {
  if (shown.value) return 'exists';
  if (shown.error) return 'unknown';
  return shown.state === 'fresh' && shown.value === null ? 'none' : 'pending';
}

export interface CreateFormDeps {
  pageUrl(): string | null;
  /** This page's report as the popup shows it. */
  pageReport: ReadonlySignal<Shown<ReportSummary | null>>;
  /** Looks the page up again. */
  refresh(): Promise<void>;
  onStarted(): void;
  onCreated(report: ReportSummary): void;
  /** The create started at `since` may have made a report all the same. */
  onMayHaveCreated(since: number): void;
  onNotConfigured(): void;
}

/** A create that waits for the person: the page has a report, or may have one. */
export type CreateQuestion = 'exists' | 'unknown';

export type CreateForm = ReturnType<typeof createCreateForm>;

export function createCreateForm(deps: CreateFormDeps) {
  const privacy = signal<Privacy>(PRIVACY.public);
  const password = signal('');
  const passwordShown = signal(false);
  // When the create being waited for started; null when none is.
  const startedAt = signal<number | null>(null);
  const submitting = computed(() => startedAt.value !== null);
  const error = signal<ApiError | null>(null);
  const fieldErrors = signal<Record<string, string[]>>({});
  const waiting = signal(false);
  const question = signal<CreateQuestion | null>(null);
  // Set once the person picks a privacy, so a late snapshot never overrides them.
  let privacyChosen = false;

  const guard = () => createGuard(deps.pageReport.value);

  function settled() {
    return new Promise<void>((resolve) => {
      const stop = effect(() => {
        if (guard() === 'pending') return;
        resolve();
        queueMicrotask(() => stop());
      });
    });
  }

  function clearFieldErrors(...fields: string[]) {
    const rest = { ...fieldErrors.value };
    for (const field of fields) delete rest[field];
    fieldErrors.value = rest;
  }

  function forgetPassword() {
    password.value = '';
    passwordShown.value = false;
  }

  function finish(url: string, since: number, result: Result<ReportSummary | null>) {
    startedAt.value = null;
    if (result.ok) {
      if (result.data) deps.onCreated(result.data);
      else void deps.refresh();
    } else if (result.error.kind === 'not_configured') {
      deps.onNotConfigured();
    } else {
      batch(() => {
        error.value = result.error;
        fieldErrors.value = result.error.fieldErrors ?? {};
      });
      void send('popup.forgetCreate', { url });
      // It may have been made: look for it instead of offering a Retry that could make a second one.
      if (result.error.retrySafe === false) deps.onMayHaveCreated(since);
    }
  }

  async function create(url: string): Promise<void> {
    const chosen = privacy.value;
    const since = Date.now();
    deps.onStarted();
    batch(() => {
      startedAt.value = since;
      error.value = null;
      fieldErrors.value = {};
    });
    const answer = send(
      'reports.create',
      chosen === PRIVACY.password
        ? { url, privacy: chosen, password: password.value }
        : { url, privacy: chosen },
    );
    // The password leaves the popup's memory once sent, whatever the answer.
    batch(forgetPassword);
    finish(url, since, await answer);
  }

  return {
    privacy,
    password,
    passwordShown,
    submitting,
    startedAt,
    error,
    fieldErrors,
    waiting,
    question,

    restorePrivacy(last: Privacy) {
      if (!privacyChosen) privacy.value = last;
    },

    choosePrivacy(next: Privacy) {
      privacyChosen = true;
      void send('popup.rememberPrivacy', { privacy: next });
      batch(() => {
        privacy.value = next;
        if (next !== PRIVACY.password) forgetPassword();
        clearFieldErrors('privacy', 'password');
      });
    },

    setPassword(value: string) {
      password.value = value;
      clearFieldErrors('password');
    },

    togglePasswordShown() {
      passwordShown.value = !passwordShown.value;
    },

    /**
     * Sends exactly one request, however often it is called while one is running. Where the page has a
     * report, or may have one, it asks first (question); while the page is being looked up, it waits.
     */
    async submit(): Promise<void> {
      const url = deps.pageUrl();
      if (submitting.value || waiting.value || question.value || !url) return;
      if (privacy.value === PRIVACY.password && password.value === '') {
        fieldErrors.value = { password: [t('popupEnterPassword')] };
        return;
      }
      if (guard() === 'pending') {
        waiting.value = true;
        await settled();
        waiting.value = false;
      }
      // The page changed meanwhile (its clean address taken): that page's lookup decides, on another press.
      if (deps.pageUrl() !== url) return;
      const found = guard();
      if (found === 'exists' || found === 'unknown') question.value = found;
      else await create(url);
    },

    /** Creates one after all, as asked. */
    async confirm(): Promise<void> {
      const url = deps.pageUrl();
      question.value = null;
      if (url && !submitting.value) await create(url);
    },

    cancel() {
      question.value = null;
    },

    /** A create an earlier popup started, shown as this form's own. */
    async resume(run: CreateRunState): Promise<void> {
      const url = deps.pageUrl();
      if (!url || submitting.value) return;
      if (run.error) return finish(url, run.startedAt, { ok: false, error: run.error });
      startedAt.value = run.startedAt;
      finish(url, run.startedAt, await send('popup.awaitCreate', { url }));
    },
  };
}

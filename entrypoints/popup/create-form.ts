// The "Create report" form: privacy, the password (only for Password), one request per submission.
import type { ApiError, Result } from '@/lib/api/errors';
import { PRIVACY, type Privacy, type ReportSummary, type ReportId } from '@/lib/api/types';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { CreateRunState } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { sameId } from '@/lib/report-id';
import { batch, signal } from '@preact/signals';
import { t } from '@/lib/i18n';

export type FieldErrors = Record<string, string[]>;

/**
 * After a write that may have happened: looking; what was found (`found`: the new report, `none`: not
 * there, or not yet); or why Page Reports could not look.
 */
export type Recheck = 'looking' | 'found' | 'none' | ApiError;

export interface CreateFormDeps {
  /** The page to report, or null when this tab cannot be reported. */
  pageUrl(): string | null;
  onCreated(report: ReportSummary): void;
  /** Looks this page's report up on the service again, and shows what it finds. */
  lookUp(): Promise<Result<ReportSummary | null>>;
  /** The report shown for this page, to tell a new one from the one that was there before. */
  shownReportId(): ReportId | null;
  onNotConfigured(): void;
  now(): number;
}

export type CreateForm = ReturnType<typeof createCreateForm>;

const CLOCK_SLACK_MS = 10 * 60_000;

export function createCreateForm(deps: CreateFormDeps) {
  const privacy = signal<Privacy>(PRIVACY.public);
  const password = signal('');
  const passwordShown = signal(false);
  const submitting = signal(false);
  /** When the running create started (epoch ms): the service analyses the page before it answers. */
  const startedAt = signal<number | null>(null);
  const error = signal<ApiError | null>(null);
  const fieldErrors = signal<FieldErrors>({});
  /** Set when a create may have happened although it failed: what looking for the report found. */
  const recheck = signal<Recheck | null>(null);
  // Set once the person picks a privacy, so a late snapshot never overrides them.
  let privacyChosen = false;
  // The page's report before this create, and when it started: finding that one again, or one made
  // long before (allowing for a server clock that is off), means no new one was made.
  let shownBefore: ReportId | null = null;
  let createdSince = 0;
  // Bumped by every create, so a slow look-up for an older one cannot speak for it.
  let recheckRun = 0;

  /** A create that may have happened: look for the report instead of offering to send it again. */
  async function lookForIt() {
    const run = ++recheckRun;
    recheck.value = 'looking';
    const found = await deps.lookUp();
    if (run !== recheckRun) return;
    const report = found.ok ? found.data : null;
    const isNew =
      report !== null &&
      !(shownBefore !== null && sameId(report.id, shownBefore)) &&
      !(Date.parse(report.createdAt ?? '') < createdSince - CLOCK_SLACK_MS);
    recheck.value = !found.ok ? found.error : isNew ? 'found' : 'none';
  }

  function clearFieldError(field: string) {
    if (!(field in fieldErrors.value)) return;
    const { [field]: _cleared, ...rest } = fieldErrors.value;
    fieldErrors.value = rest;
  }

  /** The answer to a create, sent from this popup or from an earlier one the background finished. */
  function finish(url: string, result: Result<ReportSummary | null>) {
    batch(() => {
      submitting.value = false;
      startedAt.value = null;
    });
    if (result.ok) {
      if (result.data) deps.onCreated(result.data);
      // No create was running after all: look at what the service has.
      else void deps.lookUp();
    } else if (result.error.kind === 'not_configured') {
      deps.onNotConfigured();
    } else {
      // The background says whether the report may have been made (then it offers no Retry).
      const maybe = result.error.retrySafe === false;
      batch(() => {
        error.value = result.error;
        fieldErrors.value = result.error.fieldErrors ?? {};
      });
      // Seen here: the next popup need not show it again.
      void send('popup.forgetCreate', { url });
      // Show what the service has now instead.
      if (maybe) void lookForIt();
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
    recheck,

    /** Looks for the report of a create that may have happened, once more. */
    lookAgain: () => lookForIt(),

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
        if (next !== PRIVACY.password) {
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
      if (chosen === PRIVACY.password && password.value === '') {
        fieldErrors.value = { password: [t('popupEnterPassword')] };
        return;
      }
      const input: CreateReportInput =
        chosen === PRIVACY.password
          ? { url, privacy: chosen, password: password.value }
          : { url, privacy: chosen };
      shownBefore = deps.shownReportId();
      createdSince = deps.now();
      recheckRun++;
      batch(() => {
        submitting.value = true;
        startedAt.value = deps.now();
        error.value = null;
        fieldErrors.value = {};
        recheck.value = null;
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
      shownBefore = deps.shownReportId();
      createdSince = run.startedAt;
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

// Settings: the service's base URL and the API key, saved and tested through the background. The page never
// holds the saved key: it learns whether one is set and its last four characters (a SettingsSummary).
import { batch, signal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import { checkBaseUrl, originPattern } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import type {
  ConnectionTestResult,
  KeyCheck,
  SavedSettings,
  SettingsSummary,
} from '@/lib/messaging/protocol';
import {
  KEY_REQUIRED_FOR_NEW_SERVER,
  keyLengthProblem,
  keyNeededForNewServer,
  rejectsKey,
  type SavedConnection,
} from '@/lib/settings/rules';
import { send } from '@/lib/messaging/send';
import { shownConnection } from '@/lib/connection-space';
import { browser } from '@/lib/page-browser';
import { settle } from '@/lib/tabs-permission';
import { formatCount } from '../format-number';
import { startAgain } from './HeaderSwitcher';

export type SettingsStatus = { tone: 'info' | 'success' | 'error'; text: string; detail?: string } | null;

type FormField = 'label' | 'baseUrl' | 'apiKey';
type FormValues = Record<FormField, string>;
type FormErrors = Partial<Record<FormField, string>>;

export const errorStatus = (error: ApiError): SettingsStatus => ({
  tone: 'error',
  text: error.message,
  detail: error.detail,
});

export const testStatus = (result: Result<ConnectionTestResult>): SettingsStatus =>
  result.ok ? { tone: 'success', text: connectedText(result.data) } : errorStatus(result.error);

/** The HTTP status of a refused key: 401, or 403 (an account the service does not let in). */
export const refusalCode = (error: ApiError) =>
  String(error.status ?? (error.kind === 'forbidden' ? 403 : 401));

/** Why the service could not tell whether the key works: unreachable, or another failure. */
export const unreachable = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout';

/**
 * "Connected as Ada Lovelace (Pro) — 137 reports" when the service names the account (phpRank), else
 * "Connected: 137 reports"; "10 reports on the first page" when the server gives no total.
 */
export function connectedText({ total, count, account }: ConnectionTestResult): string {
  const reports =
    total === null
      ? t('settingsReportsOnFirstPage', formatCount(count))
      : total === 1
        ? t('settingsOneReport')
        : t('settingsReportCount', formatCount(total));
  const name = account?.name?.trim();
  if (!name) return t('settingsConnected', reports);
  const plan = account?.plan?.trim();
  return plan ? t('settingsConnectedAsPlan', name, plan, reports) : t('settingsConnectedAs', name, reports);
}

type ConnectionFormCheck =
  | { ok: true; baseUrl: string; origin: string; apiKey: string | undefined }
  | { ok: false; field: FormField; message: string };

type CheckedConnection = Extract<ConnectionFormCheck, { ok: true }>;

/** Checked again by the background; here first so no access is asked for to a server that cannot be saved. */
export function checkConnectionForm(
  baseUrl: string,
  apiKey: string,
  saved: SavedConnection | null,
): ConnectionFormCheck {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) return { ok: false, field: 'baseUrl', message: checked.message };
  const key = apiKey.trim() || undefined;
  if (!key && !saved?.keySet) return { ok: false, field: 'apiKey', message: t('settingsKeyMissing') };
  const lengthProblem = key && keyLengthProblem(key);
  if (lengthProblem) return { ok: false, field: 'apiKey', message: lengthProblem };
  if (saved && keyNeededForNewServer(saved, checked.origin, key)) {
    return { ok: false, field: 'apiKey', message: KEY_REQUIRED_FOR_NEW_SERVER };
  }
  return { ok: true, baseUrl: checked.baseUrl, origin: checked.origin, apiKey: key };
}

/**
 * Settings' form and the add form: access to its server asked for, sent with its key tried first, "…anyway"
 * offered when the service refuses the key. `underKey`: failures no field names are said under the key.
 */
export function createConnectionForm<T>(form: {
  saved(): SavedConnection | null;
  send(checked: CheckedConnection, values: FormValues, checkKey: boolean): Promise<Result<T>>;
  refusedText(code: string): string;
  underKey?: boolean;
}) {
  const values = signal<FormValues>({ label: '', baseUrl: '', apiKey: '' });
  const errors = signal<FormErrors>({});
  const status = signal<SettingsStatus>(null);
  const busy = signal(false);
  /** A key the service refused, not saved: the person may send it anyway. */
  const rejected = signal(false);

  /** The answer's data, or null. Called in the click: the browser prompts only before anything is awaited. */
  function submit(
    { anyway = false, waiting }: { anyway?: boolean; waiting?: string },
    sent: (data: T, granted: boolean, origin: string) => SettingsStatus,
  ): Promise<T | null> {
    const typed = values.value;
    const checked = checkConnectionForm(typed.baseUrl, typed.apiKey, form.saved());
    errors.value = checked.ok ? {} : { [checked.field]: checked.message };
    if (!checked.ok) return Promise.resolve(null);
    const origins = [originPattern(checked.origin)];
    // When it cannot be read, access is treated as held before, and kept.
    const heldBefore = settle(() => browser.permissions.contains({ origins }), true);
    const asked = settle(() => browser.permissions.request({ origins }));
    batch(() => {
      busy.value = true;
      rejected.value = false;
      if (waiting) status.value = { tone: 'info', text: waiting };
    });
    return asked.then(async (granted) => {
      const result = await form.send(checked, typed, !anyway);
      // A refused form must not leave the extension able to reach a site no connection uses.
      if (!result.ok && granted && !(await heldBefore)) {
        await settle(() => browser.permissions.remove({ origins }));
      }
      return batch(() => {
        busy.value = false;
        if (result.ok) {
          status.value = sent(result.data, granted, checked.origin);
          return result.data;
        }
        const { error } = result;
        rejected.value = rejectsKey(error);
        const text = rejected.value ? form.refusedText(refusalCode(error)) : error.message;
        const [label, baseUrl, apiKey] = (['label', 'baseUrl', 'apiKey'] as const).map((field) =>
          rejected.value ? undefined : error.fieldErrors?.[field]?.join(' '),
        );
        // Under the key, a failure no field names is said there; else on the status line.
        if (!form.underKey) status.value = { tone: 'error', text };
        const unnamed = form.underKey && !label && !baseUrl ? text : undefined;
        errors.value = { label, baseUrl, apiKey: apiKey ?? unnamed };
        return null;
      });
    });
  }

  return {
    values,
    errors,
    status,
    busy,
    rejected,
    /** A changed field is not the refused one: "…anyway" is no longer offered. */
    setValue: (field: FormField, value: string) =>
      batch(() => {
        rejected.value = false;
        values.value = { ...values.value, [field]: value };
      }),
    reset(baseUrl = '') {
      batch(() => {
        values.value = { label: '', baseUrl, apiKey: '' };
        errors.value = {};
        rejected.value = false;
      });
    },
    submit,
  };
}

export type ConnectionForm = ReturnType<typeof createConnectionForm<unknown>>;

/** What a save says of the key it tried (none tried: saved anyway); a test says what it found. */
function savedStatus(check: KeyCheck | undefined, asTest: boolean): SettingsStatus {
  if (!check) return { tone: 'success', text: t('settingsSaved') };
  if (check.outcome === 'accepted') {
    return asTest
      ? testStatus({ ok: true, data: check.found })
      : { tone: 'success', text: t('settingsSavedAccepted') };
  }
  if (asTest) return errorStatus(check.error);
  if (check.outcome === 'rejected') {
    return { tone: 'error', text: t('settingsSavedKeyRejected', refusalCode(check.error)) };
  }
  return unreachable(check.error)
    ? { tone: 'info', text: t('settingsSavedUnreachable') }
    : { tone: 'info', text: t('settingsSavedUnchecked'), detail: check.error.message };
}

/** The connection the form shows (none yet: ''): a save names it, so it never lands on another. */
function formConnection(summary: SettingsSummary | null) {
  const { id = '', account = '' } = summary?.connections?.find((entry) => entry.active) ?? {};
  return { id, account };
}

/** `note`: what the page said before it started again. */
export function createSettingsModel(note: SettingsStatus = null) {
  /** Until the saved settings arrive, the fields stay closed, so nothing typed is overwritten. */
  const loaded = signal(false);
  const summary = signal<SettingsSummary | null>(null);
  const form = createConnectionForm<SavedSettings>({
    saved: () => summary.value,
    send: (checked, _typed, checkKey) =>
      send('settings.save', {
        connection: formConnection(summary.value),
        baseUrl: checked.baseUrl,
        ...(checked.apiKey ? { apiKey: checked.apiKey } : {}),
        ...(checkKey ? { checkKey } : {}),
      }),
    // Refused keys are never saved, so the summary still says whether one was before.
    refusedText: (code) =>
      summary.value?.keySet ? t('settingsKeyRejectedKept', code) : t('settingsKeyRejectedNotSaved', code),
  });
  form.status.value = note;

  return {
    ...form,
    loaded,
    summary,
    async load() {
      const result = await send('settings.get', {});
      batch(() => {
        if (result.ok) {
          summary.value = result.data;
          form.reset(result.data.baseUrl);
        } else form.status.value = { tone: 'error', text: result.error.message };
        loaded.value = true;
      });
    },
    /** `asTest`: the status says what the test found. An empty key field keeps the saved key. */
    async save({ asTest = false, anyway = false } = {}) {
      const saved = await form.submit(
        { anyway, waiting: t(asTest ? 'settingsTesting' : 'optionsSaving') },
        (saved, granted, origin) => {
          summary.value = saved;
          form.reset(saved.baseUrl);
          return !granted && !asTest
            ? { tone: 'info', text: t('settingsSavedNotGranted', origin) }
            : savedStatus(saved.keyCheck, asTest);
        },
      );
      // The first connection, or this one as another account: every section starts again on it.
      const [shown, now] = [saved && (await shownConnection()), formConnection(saved)];
      if (shown && form.status.value && (shown.id !== now.id || shown.account !== now.account)) {
        startAgain(form.status.value, 'form');
      }
      return saved;
    },
  };
}

// Settings: the service's base URL and the API key, saved and tested through the background. The page never
// holds the saved key: it learns whether one is set and its last four characters (a SettingsSummary).
import { batch, signal, type ReadonlySignal } from '@preact/signals';
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
import { browser } from '@/lib/page-browser';
import { settle } from '@/lib/tabs-permission';
import { formatCount } from '../format-number';
import type { Send } from '../reports/reports-model';

export type SettingsStatus = { tone: 'info' | 'success' | 'error'; text: string; detail?: string } | null;

export interface SettingsFieldErrors {
  baseUrl: string | null;
  apiKey: string | null;
}

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
 * What a save says of the key it tried (none tried: saved anyway, as the person confirmed). A test says
 * what it found, or its failure.
 */
export function savedStatus(check: KeyCheck | undefined, asTest: boolean): SettingsStatus {
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

const NO_FIELD_ERRORS: SettingsFieldErrors = { baseUrl: null, apiKey: null };

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

export type ConnectionFormCheck =
  | { ok: true; baseUrl: string; origin: string; apiKey: string | undefined }
  | { ok: false; field: keyof SettingsFieldErrors; message: string };

/**
 * The background checks all of this again; asked here first so no access is asked for to a server that
 * could not be saved. `saved`: the connection the form edits, or null for a new one (which needs a key).
 */
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
 * Asks for access to `origin` (call it in the click: the browser shows its prompt only before anything is
 * awaited), then sends the form. When the background refuses it, access this click obtained is given
 * back: a refused form must not leave the extension able to reach a site no connection uses.
 */
export async function sendWithAccess<T>(origin: string, request: () => Promise<Result<T>>) {
  const origins = [originPattern(origin)];
  // When it cannot be read, access is treated as held before, and kept.
  const heldBefore = settle(() => browser.permissions.contains({ origins }), true);
  const granted = await settle(() => browser.permissions.request({ origins }));
  const result = await request();
  if (!result.ok && granted && !(await heldBefore)) {
    await settle(() => browser.permissions.remove({ origins }));
  }
  return { granted, result };
}

export function createSettingsModel(send: Send) {
  /** Until the saved settings arrive, the fields stay closed, so nothing typed is overwritten. */
  const loaded = signal(false);
  const summary = signal<SettingsSummary | null>(null);
  const baseUrl = signal('');
  /** '' keeps the saved key. */
  const apiKey = signal('');
  const fieldErrors = signal<SettingsFieldErrors>(NO_FIELD_ERRORS);
  const status = signal<SettingsStatus>(null);
  const busy = signal(false);

  /** A key the service rejected, not saved: the person may save it anyway. */
  const rejected = signal(false);

  /**
   * The summary saved, or null. The key is tried first unless `anyway`; `asTest`: the status says what the
   * test found. Call it from the click itself (see sendWithAccess).
   */
  function save({ asTest = false, anyway = false } = {}): Promise<SavedSettings | null> {
    const checked = checkConnectionForm(baseUrl.value, apiKey.value, summary.value);
    fieldErrors.value = checked.ok
      ? NO_FIELD_ERRORS
      : { ...NO_FIELD_ERRORS, [checked.field]: checked.message };
    if (!checked.ok) return Promise.resolve(null);
    const key = checked.apiKey;
    const sent = sendWithAccess(checked.origin, () =>
      send('settings.save', {
        baseUrl: checked.baseUrl,
        ...(key ? { apiKey: key } : {}),
        ...(anyway ? {} : { checkKey: true }),
      }),
    );
    const keySetBefore = summary.value?.keySet ?? false;
    batch(() => {
      busy.value = true;
      rejected.value = false;
      status.value = { tone: 'info', text: t(asTest ? 'settingsTesting' : 'optionsSaving') };
    });
    return sent.then(({ granted, result }) => {
      busy.value = false;
      if (!result.ok && rejectsKey(result.error)) {
        batch(() => {
          rejected.value = true;
          const code = refusalCode(result.error);
          const text = keySetBefore
            ? t('settingsKeyRejectedKept', code)
            : t('settingsKeyRejectedNotSaved', code);
          status.value = { tone: 'error', text };
        });
        return null;
      }
      if (!result.ok) {
        const { fieldErrors: fields, message } = result.error;
        batch(() => {
          fieldErrors.value = {
            baseUrl: fields?.baseUrl?.join(' ') ?? null,
            apiKey: fields?.apiKey?.join(' ') ?? null,
          };
          status.value = { tone: 'error', text: message };
        });
        return null;
      }
      batch(() => {
        summary.value = result.data;
        baseUrl.value = result.data.baseUrl;
        apiKey.value = '';
        status.value =
          !granted && !asTest
            ? { tone: 'info', text: t('settingsSavedNotGranted', checked.origin) }
            : savedStatus(result.data.keyCheck, asTest);
      });
      return result.data;
    });
  }

  return {
    loaded: loaded as ReadonlySignal<boolean>,
    summary: summary as ReadonlySignal<SettingsSummary | null>,
    baseUrl: baseUrl as ReadonlySignal<string>,
    apiKey: apiKey as ReadonlySignal<string>,
    fieldErrors: fieldErrors as ReadonlySignal<SettingsFieldErrors>,
    status: status as ReadonlySignal<SettingsStatus>,
    busy: busy as ReadonlySignal<boolean>,
    setBaseUrl: (value: string) => batch(() => ((rejected.value = false), (baseUrl.value = value))),
    setApiKey: (value: string) => batch(() => ((rejected.value = false), (apiKey.value = value))),
    async load() {
      const result = await send('settings.get', {});
      batch(() => {
        if (result.ok) {
          summary.value = result.data;
          baseUrl.value = result.data.baseUrl;
        } else status.value = { tone: 'error', text: result.error.message };
        loaded.value = true;
      });
    },
    rejected: rejected as ReadonlySignal<boolean>,
    save: () => save(),
    saveAnyway: () => save({ anyway: true }),
    testConnection: () => save({ asTest: true }),
  };
}

// What the background does for each message: settings, and one API call per report/project message.
import type { ApiClient, ApiEndpoints } from '@/entrypoints/background/service/client';
import { apiError } from '@/lib/api/error-messages';
import type { Result } from '@/lib/api/errors';
import { checkBaseUrl, isSendableKey } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import type { SettingsSummary } from '@/lib/messaging/protocol';
import {
  KEY_MALFORMED,
  KEY_REQUIRED_FOR_NEW_SERVER,
  keyNeededForNewServer,
  keyTooLong,
  MAX_KEY_LENGTH,
} from '@/lib/settings/rules';
import type { ConnectionSettings } from './settings/storage';
import type { CoreHandlers } from './router';
import { exportPage } from './export-rows';
import { listPage } from './list-items';
import { withoutKey } from './without-key';

type SaveInput = Parameters<CoreHandlers['settings.save']>[0];

export interface HandlerDeps {
  readSettings(): Promise<ConnectionSettings>;
  /** Replaces the address and the key together, in one write. */
  writeSettings(settings: ConnectionSettings): Promise<void>;
  /**
   * Runs `work` once every earlier one has ended: the background's one queue for the settings, so two saves
   * never interleave their read and write (nor a save and the start-up move of old settings).
   */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** After a save changed the address or the key, still in the queue. Its failure never fails the save. */
  afterConnectionChange?(before: ConnectionSettings, after: ConnectionSettings): Promise<void>;
  /** Whether the extension holds host permission for this origin. */
  hasHostPermission(origin: string): Promise<boolean>;
  createClient(settings: ConnectionSettings): ApiClient;
}

/** The end of the key, to recognise it by; none for a key so short that four characters say too much. */
function lastFour(key: string): string | null {
  return key.length >= 8 ? key.slice(-4) : null;
}

function invalidField(field: string, message: string): Result<never> {
  return { ok: false, error: apiError('invalid_input', { message, fieldErrors: { [field]: [message] } }) };
}

export function createHandlers(deps: HandlerDeps): CoreHandlers {
  async function summary(): Promise<SettingsSummary> {
    const { baseUrl, apiKey } = await deps.readSettings();
    const hostPermission = baseUrl ? await deps.hasHostPermission(new URL(baseUrl).origin) : false;
    return { baseUrl, keySet: apiKey.length > 0, keyLastFour: lastFour(apiKey), hostPermission };
  }

  /**
   * Runs one API call with the stored settings; turns a blocked request into "permission missing". The
   * answer goes to a page: whatever the server echoed of the key is taken out. Input already checked
   * against its schema (`inputsChecked`, see router.ts) is not checked again by the client.
   */
  async function withClient<T>(
    call: (client: ApiEndpoints) => Promise<Result<T>>,
    inputsChecked?: boolean,
  ): Promise<Result<T>> {
    const settings = await deps.readSettings();
    if (!settings.baseUrl || !settings.apiKey) return { ok: false, error: apiError('not_configured') };
    const client = deps.createClient(settings);
    const result = withoutKey(await call(inputsChecked ? client.inputsChecked : client), settings.apiKey);
    if (!result.ok && result.error.kind === 'network') {
      const origin = new URL(settings.baseUrl).origin;
      if (!(await deps.hasHostPermission(origin))) {
        return {
          ok: false,
          error: apiError('permission', {
            message: t('errorPermissionOrigin', origin),
            detail: result.error.detail,
          }),
        };
      }
    }
    return result;
  }

  /** Checks what the page sent, then stores the whole pair in one write. Runs in the settings queue. */
  async function save({ baseUrl, apiKey }: SaveInput): Promise<Result<SettingsSummary>> {
    const checked = checkBaseUrl(baseUrl);
    if (!checked.ok) return invalidField('baseUrl', checked.message);
    // A blank key is no key: the saved one stays (as when the field is left empty).
    const key = apiKey?.trim() || undefined;
    if (key && key.length > MAX_KEY_LENGTH) return invalidField('apiKey', keyTooLong(key.length));
    if (key && !isSendableKey(key)) return invalidField('apiKey', KEY_MALFORMED);
    const before = await deps.readSettings();
    if (
      keyNeededForNewServer({ baseUrl: before.baseUrl, keySet: before.apiKey !== '' }, checked.origin, key)
    ) {
      return invalidField('apiKey', KEY_REQUIRED_FOR_NEW_SERVER);
    }
    const after = { baseUrl: checked.baseUrl, apiKey: key ?? before.apiKey };
    await deps.writeSettings(after);
    if (deps.afterConnectionChange && (before.baseUrl !== after.baseUrl || before.apiKey !== after.apiKey)) {
      // The settings are saved whatever happens here: a failure is logged, not shown as a failed save.
      await deps
        .afterConnectionChange(before, after)
        .catch((cause: unknown) => console.warn('Page Reports: after saving the settings', cause));
    }
    return { ok: true, data: await summary() };
  }

  return {
    'settings.get': async () => ({ ok: true, data: await summary() }),

    'settings.save': (input) => deps.oneAtATime(() => save(input)),

    'settings.test': () =>
      withClient(async (client) => {
        // The account names who is connected (phpRank); the list proves the reports can be read (any server).
        const [account, list] = await Promise.all([client.getAccount(), client.listReports({ perPage: 10 })]);
        if (!list.ok) return list;
        // The list answered, so the connection works: an account the server cannot show only goes unnamed.
        return {
          ok: true,
          data: {
            total: list.data.total,
            count: list.data.items.length,
            account: account.ok ? account.data : null,
          },
        };
      }),

    'reports.list': (query, checked) =>
      withClient(async (client) => listPage(await client.listReports(query)), checked),
    'reports.exportPage': (query, checked) =>
      withClient(async (client) => exportPage(await client.listReports(query)), checked),
    'reports.get': ({ id }, checked) => withClient((client) => client.getReport(id), checked),
    'reports.create': (input, checked) => withClient((client) => client.createReport(input), checked),
    'reports.update': ({ id, ...changes }, checked) =>
      withClient((client) => client.updateReport(id, changes), checked),
    'reports.delete': ({ id }, checked) => withClient((client) => client.deleteReport(id), checked),
    'projects.list': (query, checked) => withClient((client) => client.listProjects(query), checked),
    'projects.delete': ({ name }, checked) => withClient((client) => client.deleteProject(name), checked),
  };
}

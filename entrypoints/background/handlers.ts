// One handler per message a page sends: settings here, every other message on the work of the connection
// it names, or refused once that connection is gone.
import { storage } from 'wxt/utils/storage';
import { apiError } from '@/entrypoints/background/error-messages';
import { t } from '@/lib/i18n';
import type { Result } from '@/lib/api/errors';
import type { Privacy, Report } from '@/lib/api/types';
import type { Cached, MessageInput, SavedSettings, SettingsSummary } from '@/lib/messaging/protocol';
import { recentView } from '@/lib/report-store';
import { KEY_REQUIRED_FOR_NEW_SERVER, keyNeededForNewServer } from '@/lib/settings/rules';
import { LAST_PRIVACY_KEY } from '@/lib/storage-keys';
import type { ConnectionWork } from './connection-work';
import type { Emit } from './events';
import { announcedIfPopupCloses } from './integration';
import { readConnections, refOf, saveConnection, type ConnectionRef } from './settings/storage';
import { handlerPart } from './router';
import {
  checkPair,
  createConnectionHandlers,
  invalidField,
  settingsQueue,
  tryKey,
  type KeyTest,
} from './connections';
import { connectionGone, hasHostPermission } from './service';

/** The privacy chosen last, so the popup starts there (Public at first). Never a password. */
export const lastPrivacyItem = storage.defineItem<Privacy>(`local:${LAST_PRIVACY_KEY}`, {
  fallback: 0,
  version: 1,
});

type SaveInput = MessageInput<'settings.save'>;

/** The end of the key, to recognise it by; none for a key so short that four characters say too much. */
function lastFour(key: string): string | null {
  return key.length >= 8 ? key.slice(-4) : null;
}

/** `workOn` finds the work of the connection a message names (null once it is gone). */
export function createHandlers(
  workOn: (ref: ConnectionRef) => Promise<ConnectionWork | null>,
  emit: Emit,
  testKey: KeyTest,
) {
  async function summary(): Promise<SettingsSummary> {
    const { active, list } = await readConnections();
    const { baseUrl = '', apiKey = '' } = list.find((entry) => entry.id === active) ?? {};
    const hostPermission = baseUrl ? await hasHostPermission(new URL(baseUrl).origin) : false;
    // Never a key: only whether one is set.
    const connections = list.map((entry) => ({
      ...refOf(entry),
      label: entry.label,
      baseUrl: entry.baseUrl,
      keySet: entry.apiKey !== '',
      active: entry.id === active,
    }));
    return { baseUrl, keySet: apiKey.length > 0, keyLastFour: lastFour(apiKey), hostPermission, connections };
  }

  /** The pair a save would store, and whether it differs from the saved one; or the refusal. */
  async function candidateOf({ connection, baseUrl, apiKey }: SaveInput) {
    const { active, list } = await readConnections();
    const before = list.find((entry) => entry.id === active) ?? { id: undefined, baseUrl: '', apiKey: '' };
    // The form saves the connection it shows: never one switched to, removed or re-saved meanwhile.
    const shown = refOf(before);
    if (shown.id !== connection.id || shown.account !== connection.account) {
      return { ok: false as const, error: apiError('not_configured', { message: t('connGone') }) };
    }
    // A blank key is no key: the saved one stays (as when the field is left empty).
    const checked = checkPair(baseUrl, apiKey);
    if ('ok' in checked) return checked;
    const key = checked.key || undefined;
    if (
      keyNeededForNewServer({ baseUrl: before.baseUrl, keySet: before.apiKey !== '' }, checked.origin, key)
    ) {
      return invalidField('apiKey', KEY_REQUIRED_FOR_NEW_SERVER);
    }
    const after = { baseUrl: checked.baseUrl, apiKey: key ?? before.apiKey };
    return { before, after, changed: before.baseUrl !== after.baseUrl || before.apiKey !== after.apiKey };
  }

  /** Runs in the settings queue. */
  async function save(input: SaveInput): Promise<Result<SettingsSummary>> {
    const candidate = await candidateOf(input);
    if ('ok' in candidate) return candidate;
    const { before, after, changed } = candidate;
    await saveConnection(after);
    if (changed) await emit('connection.removed', { id: before.id, baseUrl: before.baseUrl });
    return { ok: true, data: await summary() };
  }

  /** The key tried first (outside the queue: the service may be slow); a new key it rejects is not saved. */
  async function checkAndSave(input: SaveInput): Promise<Result<SavedSettings>> {
    const candidate = await candidateOf(input);
    if ('ok' in candidate) return candidate;
    const keyCheck = await tryKey(testKey, candidate.after);
    if (keyCheck.outcome === 'rejected' && candidate.changed) return { ok: false, error: keyCheck.error };
    const saved = await settingsQueue(() => save(input));
    return saved.ok ? { ...saved, data: { ...saved.data, keyCheck } } : saved;
  }

  /** A message served on the work of the connection it names (refused once that one is gone). */
  const onWork =
    <I extends { connection: ConnectionRef }, O>(
      act: (work: ConnectionWork, input: Omit<I, 'connection'>) => Promise<Result<O>>,
    ) =>
    async ({ connection, ...input }: I): Promise<Result<O>> => {
      const work = await workOn(connection);
      return work ? act(work, input) : connectionGone(connection);
    };

  /** An answer kept for the next popup (the service answered it only while the connection was still this account). */
  async function kept<T>(answer: Result<T>, keep: (data: T) => Promise<void>): Promise<Result<Cached<T>>> {
    if (!answer.ok) return answer;
    await keep(answer.data);
    return { ok: true, data: { data: answer.data, fetchedAt: Date.now() } };
  }

  return handlerPart({
    ...createConnectionHandlers(emit, testKey, summary),
    'settings.get': async () => ({ ok: true, data: await summary() }),
    'settings.save': ({ checkKey, ...input }) =>
      checkKey ? checkAndSave(input) : settingsQueue(() => save(input)),
    'settings.test': onWork((work) => work.service.test()),
    'reports.list': onWork((work, query) => work.service.listSummaries(query, true)),
    'reports.exportPage': onWork((work, query) => work.service.exportPage(query)),
    'reports.get': onWork((work, { id }) => work.service.getReport(id)),
    'reports.create': onWork((work, input) =>
      announcedIfPopupCloses('create', input.url, () => work.create(input)),
    ),
    'reports.update': onWork((work, { id, ...changes }) => {
      const send = () => work.service.updateReport(id, changes);
      return changes.regenerate === true ? announcedIfPopupCloses('regenerate', null, send) : send();
    }),
    'reports.delete': onWork((work, { id }) => work.service.deleteReport(id)),
    'projects.list': onWork((work, query) => work.service.listProjects(query)),
    'projects.delete': onWork((work, { name }) => work.service.deleteProject(name)),
    'bulk.start': onWork((work, input) => work.bulk.handlers['bulk.start'](input)),
    'bulk.stop': onWork((work) => work.bulk.handlers['bulk.stop']()),
    'bulk.retryFailed': onWork((work) => work.bulk.handlers['bulk.retryFailed']()),
    'bulk.dismiss': onWork((work) => work.bulk.handlers['bulk.dismiss']()),
    'site.read': onWork((work, input) => work.sites.handlers['site.read'](input)),
    'site.stop': onWork((work, input) => work.sites.handlers['site.stop'](input)),
    'site.pages': onWork((work, input) => work.sites.handlers['site.pages'](input)),
    'history.clear': onWork(async (work) => {
      await work.history.clear();
      return { ok: true, data: null };
    }),

    'popup.snapshot': async ({ connection, url }) => {
      const work = await workOn(connection);
      const [lastPrivacy, create] = await Promise.all([
        lastPrivacyItem.getValue(),
        work && url ? work.creates.state(url) : null,
      ]);
      return { ok: true, data: { configured: work !== null, lastPrivacy, create } };
    },

    'popup.pageReport': onWork(async (work, { url }) =>
      kept(await work.service.pageReport(url, work.store.aliasOf), async (report) => {
        await work.store.pageFound(url, report);
        if (report) await work.follow(report);
      }),
    ),

    'popup.recentReports': onWork(async (work, { host }) =>
      kept(await work.service.recentReports(host), (recent) =>
        work.store.recentFound(recentView(host), recent),
      ),
    ),

    'popup.awaitCreate': onWork(
      async (work, { url }): Promise<Result<Report | null>> =>
        (await work.creates.wait(url)) ?? { ok: true, data: null },
    ),

    'popup.forgetCreate': onWork(async (work, { url }) => {
      await work.creates.dismiss(url);
      return { ok: true, data: null };
    }),

    'popup.rememberPrivacy': onWork(async (_work, { privacy }) => {
      await lastPrivacyItem.setValue(privacy);
      return { ok: true, data: null };
    }),
  });
}
